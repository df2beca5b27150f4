/** Running totals of one Sender. */
export interface SrtpSenderStats {
  /** Datagrams the kernel took. */
  sent: number;
  bytes: number;
  /** Records naming no known slot, socket or payload; cipher failures; sends refused by the kernel. */
  errors: number;
  /** Datagrams not sent because the socket would have blocked (EAGAIN, ENOBUFS). */
  dropped: number;
}

/**
 * SRTP AEAD_AES_128_GCM (RFC 7714) sender: one OpenSSL cipher context per slot, keyed once. `send` takes a
 * batch in the send pool's format — 6 words per packet: slot, seq | marker << 16, timestamp, rollover
 * counter, payload index, abs-send-time — patches each slot's header template, encrypts the payload with the
 * header as additional data, appends the tag and sends with sendmmsg on the slot's socket, never blocking.
 */
export declare class SrtpSender {
  /** Keeps a duplicate of `fd` (a bound UDP socket) under `id`; false if it could not be duplicated. */
  addSocket(id: number, fd: number): boolean;
  /** Closes the duplicate kept under `id`. */
  dropSocket(id: number): void;
  /**
   * Undefined when set, else why the slot was refused (its records then count as errors). `key` is 16 bytes;
   * of `salt` the first 12 are used (werift keeps 14). Throws a TypeError on arguments of the wrong type.
   */
  setSlot(
    slot: number,
    socketId: number,
    host: string,
    port: number,
    key: Uint8Array,
    salt: Uint8Array,
    ssrc: number,
    header: Uint8Array,
    absOffset: number,
  ): string | undefined;
  releaseSlot(slot: number): void;
  /** Datagrams the kernel took. */
  send(records: Uint32Array, payloads: Uint8Array[]): number;
  stats(): SrtpSenderStats;
  /** Frees every context and closes every duplicated descriptor now. */
  close(): void;
}

/** One send thread's running totals; `batches` are the hand-overs it took. */
export interface SendThreadStats extends SrtpSenderStats {
  batches: number;
}

/**
 * SrtpSender's work on `threads` threads of this process, named mc-send-0… (decision 018): a socket goes to the
 * thread with the fewest and every slot of it is sent from there. `send` copies the payloads once, queues each
 * thread its records and returns how many it queued; the threads encrypt and send them. A thread with 256
 * batches still waiting gets no more (those records count as dropped). `setSlot` refuses a slot whose socket
 * was not added.
 */
export declare class SrtpSendThreads extends SrtpSender {
  constructor(threads: number);
  /** Each thread's totals, by index. */
  threadStats(): SendThreadStats[];
  /** Blocks until the threads have done everything queued before the call (tests). */
  drain(): void;
}

export interface SrtpNativeAddon {
  Sender: new () => SrtpSender;
  SendThreads: new (threads: number) => SrtpSendThreads;
  /** The OpenSSL the addon runs on (Node's). */
  openssl: string;
}

export type SrtpNativeLoad =
  | { addon: SrtpNativeAddon; reason: undefined }
  | { addon: undefined; reason: string };

/** The built addon, or why it did not load; `file` (tests) another path to load instead. Never throws. */
export declare const loadSrtpNative: (file?: string) => SrtpNativeLoad;

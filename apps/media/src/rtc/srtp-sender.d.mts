import type { Socket } from 'node:dgram';

/** One writer's send state as a sender keeps it (the send pool's `slot` message). */
export interface SrtpSlot {
  slot: number;
  /** The id the socket was added under. */
  socket: number;
  host: string;
  port: number;
  key: Uint8Array;
  salt: Uint8Array;
  ssrc: number;
  header: Uint8Array;
  /** Offset of the 3 abs-send-time bytes in the header, or -1. */
  absOffset: number;
}

export interface SrtpSenderStats {
  sent: number;
  bytes: number;
  errors: number;
  /** Datagrams not sent because the socket would have blocked (native only). */
  dropped: number;
}

/** What js-srtp-sender.mjs and native-srtp-sender.mjs both offer. */
export interface SrtpSender {
  readonly path: 'js' | 'native';
  addSocket(id: number, socket: Socket): boolean;
  dropSocket(id: number): void;
  /** Undefined when set, else why it was refused. */
  setSlot(s: SrtpSlot): string | undefined;
  releaseSlot(slot: number): void;
  /** 6 words per packet: slot, seq | marker << 16, timestamp, rollover counter, payload index, abs-send-time. */
  send(recs: Uint32Array, payloads: Uint8Array[]): number;
  stats(): SrtpSenderStats;
  close(): void;
}

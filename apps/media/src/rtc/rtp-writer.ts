import { createCipheriv } from 'node:crypto';
import type { Socket } from 'node:dgram';
import type { RTCRtpTransceiver } from 'werift';
import { ProtectionProfileAeadAes128Gcm, RTP_EXTENSION_URI, RtpHeader, type RtpPacket } from 'werift';
import type { PacketLane } from './packet-lane.ts';

/** werift's RTP_HISTORY_SIZE: its NACK handler looks a lost packet up at `rtpCache[seq % 128]`. */
const RTP_HISTORY_SIZE = 128;
/** Seconds from the NTP epoch (1900) to the Unix epoch (1970). */
const NTP_EPOCH_OFFSET_S = 2_208_988_800;

/**
 * The parts of werift 0.25.2's RTCRtpSender (and its DTLS transport) that its own send path reads and
 * writes. They are private in werift's typings; the version is pinned in package.json, and the browser
 * conformance tests (video playing, NACK, mute, screen share) exercise this path end to end.
 */
interface SenderInternals {
  readonly ssrc: number;
  stopped: boolean;
  codec?: { payloadType: number };
  mid?: string;
  headerExtensions: { uri: string; id: number }[];
  rtpCache: RtpPacket[];
  sequenceNumber?: number;
  timestamp?: number;
  ntpTimestamp: bigint;
  rtpTimestamp: number;
  octetCount: number;
  packetCount: number;
  rtcpRunning?: boolean;
  runRtcp(): Promise<void>;
  dtlsTransport?: {
    state: string;
    bytesSent: number;
    packetsSent: number;
    srtp: { encrypt(payload: Buffer, header: RtpHeader): Buffer; localContext: SrtpContextInternals };
    iceTransport: { connection: IceConnectionInternals };
  };
}

/** werift's ICE connection: the nominated pair and its UDP socket. */
interface IceConnectionInternals {
  send(data: Buffer): Promise<void>;
  canSendApplicationData(): boolean;
  nominated?: {
    remoteAddr: [string, number];
    packetsSent: number;
    bytesSent: number;
    /** Undefined on ICE-TCP pairs (werift's TCP protocols carry their own stream). */
    protocol: { transport?: { type: string; closed?: boolean; socket?: Socket } };
  };
}

/** werift's outbound SRTP context: the profile, the session key/salt and the per-SSRC rollover state. */
interface SrtpContextInternals {
  profile: number;
  cipher: { srtpSessionKey: Buffer; srtpSessionSalt: Buffer };
  getSrtpSsrcState(ssrc: number): RolloverState;
}

/** werift's per-SSRC rollover state (RFC 3711 3.3.1); this writer keeps its own and copies it in on a NACK. */
interface RolloverState {
  rolloverCounter: number;
  lastSequenceNumber: number;
  rolloverHasProcessed?: boolean;
}

/** werift's bounds for telling a late packet from a wrap (its MaxROCDisorder and MaxSequenceNumber). */
const ROC_DISORDER = 100;
const MAX_SEQ = 0xffff;

/**
 * How long a writer with a lane trusts what it last checked of werift's transport (sender stopped, DTLS state,
 * nominated pair and socket, SRTP keys, codec): between checks a packet costs only this writer's own fields and
 * the lane's batch. After an ICE restart or a DTLS close, at most this long of packets go the old way, and the
 * viewer's NACKs recover what it lost.
 */
const TRUST_MS = 100;

type Extension = { id: number; payload: Buffer };

/**
 * What does not change between one subscriber's packets: payload type, SSRC and the header-extension block
 * (mid, and a slot for abs-send-time), serialized once. Each packet copies it and patches the marker,
 * sequence number, timestamp and send time.
 */
interface HeaderTemplate {
  payloadType: number;
  ssrc: number;
  bytes: Buffer;
  /** Offset of the 3 abs-send-time bytes, or -1 when that extension was not negotiated. */
  absOffset: number;
  midId?: number;
  mid?: Buffer;
  absId?: number;
}

const buildTemplate = (payloadType: number, ssrc: number, midId?: number, mid?: Buffer, absId?: number) => {
  const exts: { id: number; length: number; payload?: Buffer }[] = [];
  if (midId !== undefined && mid) exts.push({ id: midId, length: mid.length, payload: mid });
  if (absId !== undefined) exts.push({ id: absId, length: 3 });
  exts.sort((a, b) => a.id - b.id);
  let extBytes = 0;
  for (const e of exts) extBytes += 1 + e.length;
  const extBlock = exts.length ? 4 + Math.ceil(extBytes / 4) * 4 : 0;
  const bytes = Buffer.alloc(12 + extBlock);
  bytes[0] = exts.length ? 0x90 : 0x80; // V=2, X when extensions follow
  bytes[1] = payloadType & 0x7f;
  bytes.writeUInt32BE(ssrc >>> 0, 8);
  let absOffset = -1;
  if (exts.length) {
    bytes.writeUInt16BE(0xbede, 12); // one-byte header extensions (RFC 8285)
    bytes.writeUInt16BE((extBlock - 4) / 4, 14);
    let o = 16;
    for (const e of exts) {
      bytes[o++] = (e.id << 4) | (e.length - 1);
      if (e.payload) e.payload.copy(bytes, o);
      else absOffset = o;
      o += e.length;
    }
  }
  return { payloadType, ssrc, bytes, absOffset, midId, mid, absId } satisfies HeaderTemplate;
};

/**
 * A sent packet as werift's NACK handler reads it from `rtpCache` (header and payload), built from the writer's
 * history when a retransmission is asked for, which is rare.
 */
class SentPacket {
  private built?: RtpHeader;
  private template!: HeaderTemplate;
  private marker = false;
  private sequenceNumber = 0;
  private timestamp = 0;
  private absSendTime!: Buffer;
  payload!: Buffer;

  set(t: HeaderTemplate, marker: boolean, seq: number, timestamp: number, abs: Buffer, payload: Buffer) {
    this.built = undefined;
    this.template = t;
    this.marker = marker;
    this.sequenceNumber = seq;
    this.timestamp = timestamp;
    this.absSendTime = abs;
    this.payload = payload;
    return this;
  }

  get header(): RtpHeader {
    if (this.built) return this.built;
    const t = this.template;
    const extensions: Extension[] = [];
    if (t.midId !== undefined && t.mid) extensions.push({ id: t.midId, payload: t.mid });
    if (t.absId !== undefined) extensions.push({ id: t.absId, payload: this.absSendTime });
    extensions.sort((a, b) => a.id - b.id);
    this.built = new RtpHeader({
      payloadType: t.payloadType,
      marker: this.marker,
      sequenceNumber: this.sequenceNumber,
      timestamp: this.timestamp,
      ssrc: t.ssrc,
      extensions,
    });
    return this.built;
  }
}

/**
 * The send time of one incoming packet, shared by every subscriber it is forwarded to: NTP time for sender
 * reports and the abs-send-time extension (24 bits of 6.18 fixed-point seconds), computed once per packet
 * rather than once per viewer.
 */
export interface SendClock {
  /** `performance.now()` when the packet arrived. */
  readonly now: number;
  readonly ntp: bigint;
  readonly absSendTime: Buffer;
  /** The same 24 bits as a number (what a send worker is given). */
  readonly abs: number;
}

/** NTP time (32.32 fixed point) of a `performance.now()` reading, at millisecond precision. */
export const ntpAt = (now: number): bigint => {
  const ms = Math.floor(performance.timeOrigin + now);
  const seconds = Math.floor(ms / 1000) + NTP_EPOCH_OFFSET_S;
  const fraction = Math.floor(((ms % 1000) / 1000) * 2 ** 32);
  return (BigInt(seconds) << 32n) | BigInt(fraction);
};

const absBytes = (abs: number): Buffer => {
  const b = Buffer.allocUnsafe(3);
  b.writeUIntBE(abs & 0xffffff, 0, 3);
  return b;
};

export const sendClock = (): SendClock => {
  const now = performance.now();
  const abs = Math.floor((performance.timeOrigin + now) * 262.144) & 0xffffff;
  return { now, ntp: ntpAt(now), absSendTime: absBytes(abs), abs };
};

/**
 * Sends already-rewritten RTP to one subscriber on one transceiver: builds the header with this
 * subscriber's SSRC, payload type and negotiated extensions (mid, abs-send-time), encrypts it with the
 * transport's SRTP context and hands it to ICE. It keeps what werift's sender reports and NACK handler read
 * (counters, the last 128 packets, the rollover counter) in its own fields and arrays, and shows them to
 * werift through accessors on the sender, so a packet writes nothing into werift's objects: an SFU forwards
 * every packet to every viewer, so this path is what one viewer costs (decision 007).
 */
export class RtpWriter {
  private template?: HeaderTemplate;
  /**
   * The last RTP_HISTORY_SIZE packets, for NACKs, at `seq % RTP_HISTORY_SIZE`: three numbers each (sequence
   * number + 1, 0 for none; timestamp; abs-send-time in the low 24 bits and the marker in bit 24) and two
   * references (payload, header template), side by side so that a packet touches two cache lines, not five.
   */
  private readonly histNumbers = new Uint32Array(RTP_HISTORY_SIZE * 3);
  private readonly histRefs: (Buffer | HeaderTemplate | undefined)[] = new Array(RTP_HISTORY_SIZE * 2).fill(
    undefined,
  );
  /** What sender reports carry (werift reads them through the accessors installed in the constructor). */
  private packets = 0;
  private octets = 0;
  private lastTs = 0;
  private lastNow = -1;
  /** The rollover counter of this SSRC (RFC 3711 3.3.1, as werift computes it). */
  private rocCtx?: SrtpContextInternals;
  private rocStarted = false;
  private rocLastSeq = 0;
  private roc = 0;
  /** Reused for every packet (createCipheriv copies it). */
  private readonly iv = Buffer.alloc(12);
  private ivFor = -1;
  private ivCtx?: SrtpContextInternals;
  private ivSsrc = -1;
  private salt10 = 0;
  private salt11 = 0;

  /** This writer's slot on its lane (a send worker or the native sender), and what it was last told (decisions 018, 019). */
  private slot = 0;
  private slotFor?: { ctx: SrtpContextInternals; t: HeaderTemplate; pair: object; socket: Socket };
  /** Until when (performance.now()) the lane path needs no checks of werift's state (TRUST_MS). */
  private trustedUntil = Number.NEGATIVE_INFINITY;
  /** Sent through the lane since the last check, for werift's transport and pair counters. */
  private unsyncedPackets = 0;
  private unsyncedBytes = 0;

  /** With a lane, AES-GCM packets over UDP are encrypted and sent by that lane (the addon, or a worker process). */
  constructor(
    private readonly transceiver: RTCRtpTransceiver,
    private readonly lane?: PacketLane,
  ) {
    this.showToWerift();
  }

  /** Forgets this writer's state on its lane (the subscription ended). */
  close(): void {
    this.trustedUntil = Number.NEGATIVE_INFINITY;
    if (this.lane && this.slot) this.lane.releaseSlot(this.slot);
    this.slot = 0;
    this.slotFor = undefined;
  }

  private get sender(): SenderInternals {
    return this.transceiver.sender as unknown as SenderInternals;
  }

  /** True once DTLS is up and a codec was negotiated (werift's `canSendRtp`). */
  get ready(): boolean {
    const s = this.sender;
    return !s.stopped && s.codec !== undefined && s.dtlsTransport?.state === 'connected';
  }

  /** Sends one packet; returns false when the transport cannot send yet (or any more). */
  write(
    marker: boolean,
    sequenceNumber: number,
    timestamp: number,
    payload: Buffer,
    clock: SendClock = sendClock(),
  ): boolean {
    if (clock.now < this.trustedUntil) {
      // The lane's steady state: nothing of werift's is read or written (TRUST_MS).
      const t = this.template as HeaderTemplate;
      this.record(t, marker, sequenceNumber, timestamp, clock, payload);
      (this.lane as PacketLane).push(
        this.slot,
        marker,
        sequenceNumber,
        timestamp >>> 0,
        this.roc,
        clock.abs,
        payload,
      );
      this.unsyncedPackets++;
      this.unsyncedBytes += t.bytes.length + payload.length + 16;
      return true;
    }
    const s = this.sender;
    const dtls = s.dtlsTransport;
    this.trustedUntil = Number.NEGATIVE_INFINITY;
    if (s.stopped || !s.codec || !dtls || dtls.state !== 'connected') return false;
    if (!s.rtcpRunning) void s.runRtcp();
    const t = this.headerTemplate(s, s.codec.payloadType);
    const ctx = dtls.srtp.localContext;
    if (ctx !== this.rocCtx) {
      // New SRTP keys (a new DTLS session): the receiver's rollover counter starts again at 0.
      this.rocCtx = ctx;
      this.rocStarted = false;
      this.roc = 0;
    }
    this.record(t, marker, sequenceNumber, timestamp, clock, payload);
    if (
      this.lane?.alive &&
      ctx.profile === ProtectionProfileAeadAes128Gcm &&
      this.offload(dtls.iceTransport.connection, ctx, t, marker, sequenceNumber, timestamp, clock, payload)
    ) {
      dtls.bytesSent += t.bytes.length + payload.length + 16;
      dtls.packetsSent++;
      return true;
    }
    const encrypted =
      ctx.profile === ProtectionProfileAeadAes128Gcm
        ? this.encryptGcm(ctx, t, marker, sequenceNumber, timestamp, clock.absSendTime, payload)
        : dtls.srtp.encrypt(payload, this.sentAt(sequenceNumber % RTP_HISTORY_SIZE)?.header as RtpHeader);
    dtls.bytesSent += encrypted.length;
    dtls.packetsSent++;
    this.send(dtls.iceTransport.connection, encrypted);
    return true;
  }

  /** The packet in this writer's history, its counters and its rollover counter. */
  private record(
    t: HeaderTemplate,
    marker: boolean,
    seq: number,
    timestamp: number,
    clock: SendClock,
    payload: Buffer,
  ): void {
    const i = seq % RTP_HISTORY_SIZE;
    const n = this.histNumbers;
    n[i * 3] = seq + 1;
    n[i * 3 + 1] = timestamp;
    n[i * 3 + 2] = clock.abs | (marker ? 0x1000000 : 0);
    this.histRefs[i * 2] = payload;
    this.histRefs[i * 2 + 1] = t;
    this.packets = (this.packets + 1) >>> 0;
    this.octets += payload.length;
    this.lastTs = timestamp;
    this.lastNow = clock.now;
    // werift's updateRolloverCount.
    if (!this.rocStarted) this.rocStarted = true;
    else if (seq === 0) {
      if (this.rocLastSeq > ROC_DISORDER) this.roc = (this.roc + 1) >>> 0;
    } else if (this.rocLastSeq < ROC_DISORDER && seq > MAX_SEQ - ROC_DISORDER) {
      if (this.roc > 0) this.roc--;
    } else if (seq < ROC_DISORDER && this.rocLastSeq > MAX_SEQ - ROC_DISORDER) {
      this.roc = (this.roc + 1) >>> 0;
    }
    this.rocLastSeq = seq;
  }

  /**
   * werift's sender reports and NACK handler read the sender's counters, RTP/NTP time and `rtpCache`: they
   * become accessors onto this writer (werift only reads them for a report or a NACK). A NACK's read of the
   * cache first brings werift's own rollover state up to date: it encrypts the retransmission with it.
   */
  private showToWerift(): void {
    const s = this.transceiver.sender as unknown as object;
    const cache = new Proxy([] as unknown[], {
      get: (target, key) => {
        if (typeof key !== 'string' || !/^\d+$/.test(key)) return Reflect.get(target, key);
        this.syncRollover();
        return this.sentAt(Number(key));
      },
    });
    const field = (get: () => unknown, set: (v: never) => void = () => undefined) => ({
      get,
      set,
      configurable: true,
      enumerable: true,
    });
    Object.defineProperties(s, {
      rtpCache: field(() => cache),
      packetCount: field(
        () => this.packets,
        (v: number) => {
          this.packets = v;
        },
      ),
      octetCount: field(
        () => this.octets,
        (v: number) => {
          this.octets = v;
        },
      ),
      rtpTimestamp: field(
        () => this.lastTs,
        (v: number) => {
          this.lastTs = v;
        },
      ),
      ntpTimestamp: field(() => (this.lastNow < 0 ? 0n : ntpAt(this.lastNow))),
    });
  }

  /** History slot `i` as werift's NACK handler expects it, if it holds a packet. */
  private sentAt(i: number): SentPacket | undefined {
    const n = this.histNumbers;
    const seq = (n[i * 3] ?? 0) - 1;
    const payload = this.histRefs[i * 2] as Buffer | undefined;
    const t = this.histRefs[i * 2 + 1] as HeaderTemplate | undefined;
    if (seq < 0 || !t || !payload) return undefined;
    const abs = n[i * 3 + 2] as number;
    return new SentPacket().set(t, abs >= 0x1000000, seq, n[i * 3 + 1] as number, absBytes(abs), payload);
  }

  /**
   * werift encrypts a retransmission with its own rollover state: make it this writer's. (Other profiles than
   * AES-GCM go through werift's `encrypt` for every packet, which keeps its state itself.)
   */
  private syncRollover(): void {
    const ctx = this.sender.dtlsTransport?.srtp.localContext;
    const t = this.template;
    if (ctx?.profile !== ProtectionProfileAeadAes128Gcm || !t || !this.rocStarted) return;
    const state = ctx.getSrtpSsrcState(t.ssrc);
    state.rolloverCounter = this.roc;
    state.lastSequenceNumber = this.rocLastSeq;
    state.rolloverHasProcessed = true;
  }

  /**
   * SRTP with AEAD_AES_128_GCM (RFC 7714), the profile werift prefers and browsers accept: the RTP header is
   * the additional authenticated data, the payload is encrypted, the 16-byte tag follows. The header is
   * written straight into the outgoing packet; the rollover counter is this writer's (`record`).
   */
  private encryptGcm(
    ctx: SrtpContextInternals,
    t: HeaderTemplate,
    marker: boolean,
    seq: number,
    timestamp: number,
    absSendTime: Buffer,
    payload: Buffer,
  ): Buffer {
    const roc = this.roc;
    const hlen = t.bytes.length;
    const out = Buffer.allocUnsafe(hlen + payload.length + 16);
    t.bytes.copy(out, 0);
    if (marker) out[1] = (out[1] as number) | 0x80;
    out.writeUInt16BE(seq, 2);
    out.writeUInt32BE(timestamp >>> 0, 4);
    if (t.absOffset >= 0) absSendTime.copy(out, t.absOffset, 0, 3);
    // IV = salt XOR (00 00 | SSRC | ROC | SEQ): all but the last two bytes change only with the rollover counter.
    const iv = this.iv;
    if (this.ivFor !== roc || this.ivCtx !== ctx || this.ivSsrc !== t.ssrc) {
      const salt = ctx.cipher.srtpSessionSalt;
      iv.fill(0);
      iv.writeUInt32BE(t.ssrc >>> 0, 2);
      iv.writeUInt32BE(roc >>> 0, 6);
      for (let i = 0; i < 12; i++) iv[i] = (iv[i] as number) ^ (salt[i] as number);
      this.ivFor = roc;
      this.ivCtx = ctx;
      this.ivSsrc = t.ssrc;
      this.salt10 = salt[10] as number;
      this.salt11 = salt[11] as number;
    }
    iv[10] = this.salt10 ^ (seq >>> 8);
    iv[11] = this.salt11 ^ (seq & 0xff);
    const cipher = createCipheriv('aes-128-gcm', ctx.cipher.srtpSessionKey, iv);
    cipher.setAAD(out.subarray(0, hlen));
    const encrypted = cipher.update(payload);
    encrypted.copy(out, hlen);
    cipher.final();
    cipher.getAuthTag().copy(out, hlen + encrypted.length);
    return out;
  }

  /**
   * Hands the packet to this subscriber's lane: the lane's sender builds the header, encrypts and sends on the
   * same socket. False when there is no direct UDP path yet, so the caller sends it itself. When everything
   * checked here is as the lane was told, the next TRUST_MS of packets skip these checks.
   */
  private offload(
    connection: IceConnectionInternals,
    ctx: SrtpContextInternals,
    t: HeaderTemplate,
    marker: boolean,
    seq: number,
    timestamp: number,
    clock: SendClock,
    payload: Buffer,
  ): boolean {
    const lane = this.lane;
    const pair = connection.nominated;
    // ICE-TCP pairs' protocols have no `transport` at all: their packets stay on this thread.
    const transport = pair?.protocol.transport;
    const socket = transport?.socket;
    if (!lane || !pair || transport?.type !== 'udp' || !socket || transport.closed) return false;
    if (!connection.canSendApplicationData()) return true; // dropped, as the in-thread path does
    const f = this.slotFor;
    if (!f || f.ctx !== ctx || f.t !== t || f.pair !== pair || f.socket !== socket) {
      this.slot ||= lane.slot();
      const [host, port] = pair.remoteAddr;
      const configured = lane.configure(this.slot, {
        socket,
        host,
        port,
        key: ctx.cipher.srtpSessionKey,
        salt: ctx.cipher.srtpSessionSalt,
        ssrc: t.ssrc >>> 0,
        header: t.bytes,
        absOffset: t.absOffset,
      });
      if (!configured) return false;
      this.slotFor = { ctx, t, pair, socket };
    }
    lane.push(this.slot, marker, seq, timestamp >>> 0, this.roc, clock.abs, payload);
    pair.packetsSent += 1 + this.unsyncedPackets;
    pair.bytesSent += t.bytes.length + payload.length + 16 + this.unsyncedBytes;
    const dtls = this.sender.dtlsTransport;
    if (dtls) {
      dtls.packetsSent += this.unsyncedPackets;
      dtls.bytesSent += this.unsyncedBytes;
    }
    this.unsyncedPackets = 0;
    this.unsyncedBytes = 0;
    this.trustedUntil = clock.now + TRUST_MS;
    return true;
  }

  private pair?: IceConnectionInternals['nominated'];
  private remote?: [string, number];

  /**
   * Straight onto the nominated pair's UDP socket (what werift's `connection.send` ends in, without its three
   * promises and IP-literal check per packet); anything else goes through werift.
   */
  private send(connection: IceConnectionInternals, data: Buffer): void {
    if (!connection.canSendApplicationData()) return;
    const pair = connection.nominated;
    const transport = pair?.protocol.transport;
    if (!pair || transport?.type !== 'udp' || transport.closed || !transport.socket) {
      connection.send(data).catch(() => undefined);
      return;
    }
    if (pair !== this.pair) {
      this.pair = pair;
      this.remote = pair.remoteAddr;
    }
    const [host, port] = this.remote as [string, number];
    transport.socket.send(data, port, host);
    pair.packetsSent++;
    pair.bytesSent += data.length;
  }

  private headerTemplate(s: SenderInternals, payloadType: number): HeaderTemplate {
    const t = this.template;
    if (t && t.payloadType === payloadType && t.ssrc === s.ssrc) return t;
    const mid = s.mid ?? this.transceiver.mid ?? undefined;
    const find = (uri: string) => s.headerExtensions.find((e) => e.uri === uri)?.id;
    this.template = buildTemplate(
      payloadType,
      s.ssrc,
      find(RTP_EXTENSION_URI.sdesMid),
      mid ? Buffer.from(mid) : undefined,
      find(RTP_EXTENSION_URI.absSendTime),
    );
    return this.template;
  }
}

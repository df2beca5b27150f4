import { createCipheriv } from 'node:crypto';
import type { Socket } from 'node:dgram';
import type { RTCRtpTransceiver } from 'werift';
import { ProtectionProfileAeadAes128Gcm, RTP_EXTENSION_URI, RtpHeader, type RtpPacket } from 'werift';
import type { SendLane } from './send-pool.ts';

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
  getSrtpSsrcState(ssrc: number): { rolloverCounter: number };
  updateRolloverCount(sequenceNumber: number, state: { rolloverCounter: number }): void;
}

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
 * A sent packet as werift's NACK handler reads it from `rtpCache` (header and payload). Each writer keeps
 * one per history slot and overwrites it, as werift's own ring does; the handler reads a slot synchronously.
 * The header object is built only if a retransmission is asked for, which is rare.
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

export const sendClock = (): SendClock => {
  const now = performance.now();
  const epochMs = performance.timeOrigin + now;
  const ms = Math.floor(epochMs);
  const seconds = Math.floor(ms / 1000) + NTP_EPOCH_OFFSET_S;
  const fraction = Math.floor(((ms % 1000) / 1000) * 2 ** 32);
  const abs = Math.floor(epochMs * 262.144) & 0xffffff;
  const absSendTime = Buffer.allocUnsafe(3);
  absSendTime.writeUIntBE(abs, 0, 3);
  return { now, ntp: (BigInt(seconds) << 32n) | BigInt(fraction), absSendTime, abs };
};

/**
 * Sends already-rewritten RTP to one subscriber on one transceiver: builds the header with this
 * subscriber's SSRC, payload type and negotiated extensions (mid, abs-send-time), encrypts it with the
 * transport's SRTP context and hands it to ICE. It keeps werift's sender bookkeeping (sender reports,
 * NACK history) as werift's own `sendRtp` would, without that method's per-packet clone, extension
 * re-mapping, promise chain and bandwidth-estimation records: an SFU forwards every packet to every
 * viewer, so this path is what one viewer costs.
 */
export class RtpWriter {
  private template?: HeaderTemplate;
  private readonly history: SentPacket[] = [];
  /** Reused for every packet (createCipheriv copies it). */
  private readonly iv = Buffer.alloc(12);
  private ivFor = -1;
  private ivCtx?: SrtpContextInternals;
  private ivSsrc = -1;
  private salt10 = 0;
  private salt11 = 0;
  private roc?: { ctx: SrtpContextInternals; ssrc: number; state: { rolloverCounter: number } };

  /** This writer's slot on its send worker, and what the worker was last told (decision 018). */
  private slot = 0;
  private slotFor?: { ctx: SrtpContextInternals; t: HeaderTemplate; pair: object; socket: Socket };

  /** With a lane, AES-GCM packets are encrypted and sent by that lane's worker process. */
  constructor(
    private readonly transceiver: RTCRtpTransceiver,
    private readonly lane?: SendLane,
  ) {}

  /** Forgets this writer's state on its worker (the subscription ended). */
  close(): void {
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
    const s = this.sender;
    const dtls = s.dtlsTransport;
    if (s.stopped || !s.codec || !dtls || dtls.state !== 'connected') return false;
    const t = this.headerTemplate(s, s.codec.payloadType);
    const slot = sequenceNumber % RTP_HISTORY_SIZE;
    this.history[slot] ??= new SentPacket();
    const sent = this.history[slot].set(t, marker, sequenceNumber, timestamp, clock.absSendTime, payload);
    // What werift's sender reports (RTCP SR) and retransmits on NACK are read from these.
    s.rtpCache[slot] = sent as unknown as RtpPacket;
    s.sequenceNumber = sequenceNumber;
    s.timestamp = timestamp;
    s.rtpTimestamp = timestamp;
    s.ntpTimestamp = clock.ntp;
    s.octetCount += payload.length;
    s.packetCount = (s.packetCount + 1) >>> 0;
    if (!s.rtcpRunning) void s.runRtcp();
    const ctx = dtls.srtp.localContext;
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
        : dtls.srtp.encrypt(payload, sent.header);
    dtls.bytesSent += encrypted.length;
    dtls.packetsSent++;
    this.send(dtls.iceTransport.connection, encrypted);
    return true;
  }

  /**
   * SRTP with AEAD_AES_128_GCM (RFC 7714), the profile werift prefers and browsers accept: the RTP header is
   * the additional authenticated data, the payload is encrypted, the 16-byte tag follows. The header is
   * written straight into the outgoing packet; the rollover counter lives in werift's own per-SSRC state
   * (its retransmissions use the same state).
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
    if (this.roc?.ctx !== ctx || this.roc.ssrc !== t.ssrc) {
      this.roc = { ctx, ssrc: t.ssrc, state: ctx.getSrtpSsrcState(t.ssrc) };
    }
    const state = this.roc.state;
    ctx.updateRolloverCount(seq, state);
    const hlen = t.bytes.length;
    const out = Buffer.allocUnsafe(hlen + payload.length + 16);
    t.bytes.copy(out, 0);
    if (marker) out[1] = (out[1] as number) | 0x80;
    out.writeUInt16BE(seq, 2);
    out.writeUInt32BE(timestamp >>> 0, 4);
    if (t.absOffset >= 0) absSendTime.copy(out, t.absOffset, 0, 3);
    // IV = salt XOR (00 00 | SSRC | ROC | SEQ): all but the last two bytes change only with the rollover counter.
    const iv = this.iv;
    if (this.ivFor !== state.rolloverCounter || this.ivCtx !== ctx || this.ivSsrc !== t.ssrc) {
      const salt = ctx.cipher.srtpSessionSalt;
      iv.fill(0);
      iv.writeUInt32BE(t.ssrc >>> 0, 2);
      iv.writeUInt32BE(state.rolloverCounter >>> 0, 6);
      for (let i = 0; i < 12; i++) iv[i] = (iv[i] as number) ^ (salt[i] as number);
      this.ivFor = state.rolloverCounter;
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
   * Hands the packet to this subscriber's send worker: the rollover counter is kept here in werift's state
   * (its retransmissions read it), the worker builds the header, encrypts and sends on the same socket.
   * False when there is no direct UDP path yet, so the caller sends it itself.
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
    if (this.roc?.ctx !== ctx || this.roc.ssrc !== t.ssrc) {
      this.roc = { ctx, ssrc: t.ssrc, state: ctx.getSrtpSsrcState(t.ssrc) };
    }
    ctx.updateRolloverCount(seq, this.roc.state);
    lane.push(
      this.slot,
      marker,
      seq,
      timestamp >>> 0,
      this.roc.state.rolloverCounter >>> 0,
      clock.abs,
      payload,
    );
    pair.packetsSent++;
    pair.bytesSent += t.bytes.length + payload.length + 16;
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

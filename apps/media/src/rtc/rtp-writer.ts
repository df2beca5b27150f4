import { createCipheriv } from 'node:crypto';
import type { RTCRtpTransceiver } from 'werift';
import { ProtectionProfileAeadAes128Gcm, RtpHeader, type RtpPacket } from 'werift';

const SDES_MID = 'urn:ietf:params:rtp-hdrext:sdes:mid';
const ABS_SEND_TIME = 'http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time';
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
    iceTransport: { connection: { send(data: Buffer): Promise<void> } };
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
 * A sent packet as werift's NACK handler reads it from `rtpCache` (header and payload). The header object
 * is built only if a retransmission is asked for, which is rare.
 */
class SentPacket {
  private built?: RtpHeader;
  constructor(
    private readonly fields: {
      payloadType: number;
      marker: boolean;
      sequenceNumber: number;
      timestamp: number;
      ssrc: number;
      extensions: Extension[];
    },
    readonly payload: Buffer,
  ) {}
  get header(): RtpHeader {
    this.built ??= new RtpHeader({ ...this.fields, extensions: [...this.fields.extensions] });
    return this.built;
  }
}

/**
 * SRTP with AEAD_AES_128_GCM (RFC 7714), the profile werift prefers and browsers accept: the RTP header is
 * the additional authenticated data, the payload is encrypted, the 16-byte tag follows. Written here so the
 * header is serialized once, straight into the packet, with the rollover counter kept in werift's own
 * per-SSRC state (its retransmissions use the same state).
 */
const encryptGcm = (
  ctx: SrtpContextInternals,
  header: Buffer,
  payload: Buffer,
  ssrc: number,
  seq: number,
) => {
  const state = ctx.getSrtpSsrcState(ssrc);
  ctx.updateRolloverCount(seq, state);
  const roc = state.rolloverCounter;
  const salt = ctx.cipher.srtpSessionSalt;
  // IV = salt XOR (00 00 | SSRC | ROC | SEQ).
  const iv = Buffer.allocUnsafe(12);
  iv[0] = salt[0] as number;
  iv[1] = salt[1] as number;
  iv.writeUInt32BE(ssrc >>> 0, 2);
  iv.writeUInt32BE(roc >>> 0, 6);
  iv.writeUInt16BE(seq, 10);
  for (let i = 2; i < 12; i++) iv[i] = (iv[i] as number) ^ (salt[i] as number);
  const cipher = createCipheriv('aes-128-gcm', ctx.cipher.srtpSessionKey, iv);
  cipher.setAAD(header);
  const encrypted = cipher.update(payload);
  cipher.final();
  const tag = cipher.getAuthTag();
  const out = Buffer.allocUnsafe(header.length + encrypted.length + tag.length);
  header.copy(out, 0);
  encrypted.copy(out, header.length);
  tag.copy(out, header.length + encrypted.length);
  return out;
};

/** The RTP header with one-byte header extensions (RFC 8285), extensions sorted by id. */
const serializeHeader = (
  marker: boolean,
  payloadType: number,
  seq: number,
  timestamp: number,
  ssrc: number,
  extensions: Extension[],
): Buffer => {
  let extBytes = 0;
  for (const e of extensions) extBytes += 1 + e.payload.length;
  const extBlock = extensions.length ? 4 + Math.ceil(extBytes / 4) * 4 : 0;
  const buf = Buffer.allocUnsafe(12 + extBlock);
  buf[0] = extensions.length ? 0x90 : 0x80; // V=2, X when extensions follow
  buf[1] = (marker ? 0x80 : 0) | (payloadType & 0x7f);
  buf.writeUInt16BE(seq, 2);
  buf.writeUInt32BE(timestamp >>> 0, 4);
  buf.writeUInt32BE(ssrc >>> 0, 8);
  if (extensions.length) {
    buf.writeUInt16BE(0xbede, 12);
    buf.writeUInt16BE((extBlock - 4) / 4, 14);
    let o = 16;
    for (const e of extensions) {
      buf[o++] = (e.id << 4) | (e.payload.length - 1);
      e.payload.copy(buf, o);
      o += e.payload.length;
    }
    buf.fill(0, o, 12 + extBlock);
  }
  return buf;
};

let ntpCacheMs = -1;
let ntpCache = 0n;
/** NTP time of now (64-bit, 32.32 fixed point), recomputed at most once per millisecond. */
const ntpNow = (): bigint => {
  const ms = Math.floor(performance.timeOrigin + performance.now());
  if (ms !== ntpCacheMs) {
    ntpCacheMs = ms;
    const seconds = Math.floor(ms / 1000) + NTP_EPOCH_OFFSET_S;
    const fraction = Math.floor(((ms % 1000) / 1000) * 2 ** 32);
    ntpCache = (BigInt(seconds) << 32n) | BigInt(fraction);
  }
  return ntpCache;
};

/** abs-send-time: the low 24 bits of NTP time in 6.18 fixed-point seconds. */
const absSendTime = (): Buffer => {
  const value = Math.floor((performance.timeOrigin + performance.now()) * 262.144) & 0xffffff;
  const buf = Buffer.allocUnsafe(3);
  buf.writeUIntBE(value, 0, 3);
  return buf;
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
  private extensions?: { midId?: number; mid?: Buffer; absId?: number };

  constructor(private readonly transceiver: RTCRtpTransceiver) {}

  private get sender(): SenderInternals {
    return this.transceiver.sender as unknown as SenderInternals;
  }

  /** True once DTLS is up and a codec was negotiated (werift's `canSendRtp`). */
  get ready(): boolean {
    const s = this.sender;
    return !s.stopped && s.codec !== undefined && s.dtlsTransport?.state === 'connected';
  }

  /** Sends one packet; returns false when the transport cannot send yet (or any more). */
  write(marker: boolean, sequenceNumber: number, timestamp: number, payload: Buffer): boolean {
    const s = this.sender;
    const dtls = s.dtlsTransport;
    if (s.stopped || !s.codec || !dtls || dtls.state !== 'connected') return false;
    const ext = this.negotiatedExtensions(s);
    const extensions: Extension[] = [];
    if (ext.midId !== undefined && ext.mid) extensions.push({ id: ext.midId, payload: ext.mid });
    if (ext.absId !== undefined) extensions.push({ id: ext.absId, payload: absSendTime() });
    if (extensions.length > 1 && (extensions[0]?.id ?? 0) > (extensions[1]?.id ?? 0)) extensions.reverse();
    const fields = {
      payloadType: s.codec.payloadType,
      marker,
      sequenceNumber,
      timestamp,
      ssrc: s.ssrc,
      extensions,
    };
    // What werift's sender reports (RTCP SR) and retransmits on NACK are read from these.
    s.rtpCache[sequenceNumber % RTP_HISTORY_SIZE] = new SentPacket(fields, payload) as unknown as RtpPacket;
    s.sequenceNumber = sequenceNumber;
    s.timestamp = timestamp;
    s.rtpTimestamp = timestamp;
    s.ntpTimestamp = ntpNow();
    s.octetCount += payload.length;
    s.packetCount = (s.packetCount + 1) >>> 0;
    if (!s.rtcpRunning) void s.runRtcp();
    const ctx = dtls.srtp.localContext;
    const encrypted =
      ctx.profile === ProtectionProfileAeadAes128Gcm
        ? encryptGcm(
            ctx,
            serializeHeader(marker, fields.payloadType, sequenceNumber, timestamp, s.ssrc, extensions),
            payload,
            s.ssrc,
            sequenceNumber,
          )
        : dtls.srtp.encrypt(payload, new RtpHeader({ ...fields, extensions: [...extensions] }));
    dtls.bytesSent += encrypted.length;
    dtls.packetsSent++;
    dtls.iceTransport.connection.send(encrypted).catch(() => undefined);
    return true;
  }

  private negotiatedExtensions(s: SenderInternals) {
    if (!this.extensions) {
      const mid = s.mid ?? this.transceiver.mid ?? undefined;
      const find = (uri: string) => s.headerExtensions.find((e) => e.uri === uri)?.id;
      this.extensions = {
        midId: find(SDES_MID),
        mid: mid ? Buffer.from(mid) : undefined,
        absId: find(ABS_SEND_TIME),
      };
    }
    return this.extensions;
  }
}

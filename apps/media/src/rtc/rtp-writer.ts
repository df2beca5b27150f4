import type { RTCRtpTransceiver } from 'werift';
import { RtpHeader, RtpPacket } from 'werift';

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
    srtp: { encrypt(payload: Buffer, header: RtpHeader): Buffer };
    iceTransport: { connection: { send(data: Buffer): Promise<void> } };
  };
}

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
    const extensions: { id: number; payload: Buffer }[] = [];
    if (ext.midId !== undefined && ext.mid) extensions.push({ id: ext.midId, payload: ext.mid });
    if (ext.absId !== undefined) extensions.push({ id: ext.absId, payload: absSendTime() });
    if (extensions.length > 1 && (extensions[0]?.id ?? 0) > (extensions[1]?.id ?? 0)) extensions.reverse();
    const header = new RtpHeader({
      payloadType: s.codec.payloadType,
      marker,
      sequenceNumber,
      timestamp,
      ssrc: s.ssrc,
      extensions,
    });
    // What werift's sender reports (RTCP SR) and retransmits on NACK are read from these.
    s.rtpCache[sequenceNumber % RTP_HISTORY_SIZE] = new RtpPacket(header, payload);
    s.sequenceNumber = sequenceNumber;
    s.timestamp = timestamp;
    s.rtpTimestamp = timestamp;
    s.ntpTimestamp = ntpNow();
    s.octetCount += payload.length;
    s.packetCount = (s.packetCount + 1) >>> 0;
    if (!s.rtcpRunning) void s.runRtcp();
    const encrypted = dtls.srtp.encrypt(payload, header);
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

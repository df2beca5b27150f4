/**
 * A headless LiveKit viewer built on werift: speaks the `/rtc` signal protocol with
 * @livekit/protocol messages, answers the subscriber offers and counts what arrives.
 * Cheap enough to run dozens per process (no decoding).
 */
import {
  SessionDescription,
  SignalRequest,
  SignalResponse,
  SignalTarget,
  TrickleRequest,
} from '@livekit/protocol';
import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  SrtpAuthenticationError,
  useAbsSendTime,
  useNACK,
  usePLI,
  useSdesMid,
} from 'werift';
import WebSocket from 'ws';
import { enlargeReceiveBuffers } from '../../src/rtc/receive-buffer.ts';

export interface StreamStats {
  received: number;
  /** Highest extended sequence number minus the first one, plus one. */
  expected: number;
  bytes: number;
}

/** What werift drops quietly: a packet "failing" SRTP authentication (any other error would crash it). */
const SKIP = new SrtpAuthenticationError('counted without decrypting (benchmark viewer)');
/** In count-only mode, one packet in this many is still decrypted, to check the SFU's encryption. */
const VERIFY_EVERY = 64;

interface RouterInternals {
  router: { routeRtp(packet: { header: { payloadType: number } }): void };
}

interface SrtpInternals {
  srtp: { decrypt(data: Buffer): unknown };
}

/**
 * A count-only viewer's UDP receive buffer: the kernel's ceiling here (`net.core.rmem_max`, 4 MiB) rather than
 * its 208 KiB default. A benchmark's N viewers share one process; when the machine's cores are busy (a Chromium
 * publisher encoding beside the SFU) that process is scheduled late, and a default buffer overflows between its
 * turns (decision 018, session 9): the drops were the receivers', not the SFU's. Capped by the kernel silently.
 */
const BENCH_RECEIVE_BUFFER = 4 * 1024 * 1024;

/** VP8 with NACK and PLI, as the test clients (werift viewer and publisher) offer it. */
export const vp8Codec = () =>
  new RTCRtpCodecParameters({
    mimeType: 'video/VP8',
    clockRate: 90_000,
    payloadType: 96,
    rtcpFeedback: [useNACK(), usePLI()],
  });

const peerConfig = (rtx: boolean, tcpOnly: boolean) => ({
  iceServers: [],
  // `tcpOnly`: a viewer whose network lets no UDP through, connected over ICE-TCP (RFC 6544) only.
  ...(tcpOnly
    ? {
        iceUseTcp: true,
        iceFilterCandidatePair: (pair: { localCandidate: { transport: string } }) =>
          pair.localCandidate.transport.toLowerCase() === 'tcp',
      }
    : {}),
  codecs: {
    video: [
      vp8Codec(),
      ...(rtx
        ? [
            new RTCRtpCodecParameters({
              mimeType: 'video/rtx',
              clockRate: 90_000,
              payloadType: 97,
              parameters: 'apt=96',
            }),
          ]
        : []),
    ],
    audio: [
      new RTCRtpCodecParameters({
        mimeType: 'audio/opus',
        clockRate: 48_000,
        channels: 2,
        payloadType: 111,
      }),
    ],
  },
  headerExtensions: { video: [useSdesMid(), useAbsSendTime()], audio: [useSdesMid()] },
});

export class WeriftViewer {
  /** Packets decrypted to check them in count-only mode, and how many of those failed. */
  verified = 0;
  verifyFailures = 0;
  readonly streams = new Map<number, StreamStats & { first: number; highest: number; cycles: number }>();
  firstPacketAt?: number;
  joinedAt = 0;
  private ws?: WebSocket;
  private readonly pc: RTCPeerConnection;
  private readonly tcpOnly: boolean;
  /** RTP packets that arrived on an RTX stream (retransmissions), before werift unwraps them. */
  rtxReceived = 0;
  /** Count-only mode: whether the clear-text counter is installed (on 'connected'). */
  private counting = false;

  /**
   * `countOnly`: once connected, RTP is counted from its clear-text header (SSRC, sequence number) without
   * being decrypted or handed to werift's receive pipeline; one packet in 64 is decrypted as a check. A
   * capacity benchmark then measures what the SFU delivers rather than how fast 100 werift receivers can
   * decrypt on a shared 2-core machine. No NACKs are sent in this mode, so loss is counted raw.
   * `dropIncomingPercent`: werift discards that share of incoming packets (before decryption), to test
   * retransmission on NACK. `rtx`: offer RTX (payload type 97) and count what arrives on it. `tcpOnly`: ICE
   * over TCP only, as behind a network that drops UDP.
   */
  constructor(
    private readonly url: string,
    private readonly token: string,
    opts: { countOnly?: boolean; dropIncomingPercent?: number; rtx?: boolean; tcpOnly?: boolean } = {},
  ) {
    this.pc = new RTCPeerConnection(peerConfig(opts.rtx ?? false, opts.tcpOnly ?? false));
    if (opts.rtx) this.countRtx();
    if (opts.dropIncomingPercent) {
      // werift drops an incoming packet when `inboundPacketLoss / 100 < Math.random()`, so it takes the
      // share of packets to keep.
      this.pc.config.debug = { ...this.pc.config.debug, inboundPacketLoss: 100 - opts.dropIncomingPercent };
    }
    if (opts.countOnly) {
      this.pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') this.countWithoutDecrypting();
      });
    }
    this.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) =>
        this.count(rtp.header.ssrc, rtp.header.sequenceNumber, rtp.payload.length),
      );
    });
    this.tcpOnly = opts.tcpOnly ?? false;
    this.pc.onIceCandidate.subscribe((c) => {
      if (!c?.candidate) return;
      if (this.tcpOnly && !/ tcp /i.test(c.candidate)) return;
      const candidateInit = JSON.stringify({
        candidate: c.candidate,
        sdpMid: c.sdpMid,
        sdpMLineIndex: c.sdpMLineIndex,
      });
      this.send({
        case: 'trickle',
        value: new TrickleRequest({ candidateInit, target: SignalTarget.SUBSCRIBER }),
      });
    });
  }

  async connect(): Promise<void> {
    this.joinedAt = performance.now();
    const ws = new WebSocket(
      `${this.url}/rtc?access_token=${this.token}&auto_subscribe=1&sdk=js&protocol=17`,
    );
    this.ws = ws;
    ws.on('message', (data: Buffer) => void this.onMessage(SignalResponse.fromBinary(new Uint8Array(data))));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const ping = setInterval(() => this.send({ case: 'ping', value: BigInt(Date.now()) }), 5_000);
    ws.once('close', () => clearInterval(ping));
  }

  /** 'udp' or 'tcp': the transport of the candidate pair ICE nominated, once connected. */
  nominatedTransport(): string | undefined {
    const dtls = this.pc.dtlsTransports[0] as unknown as
      | { iceTransport: { connection: { nominated?: { localCandidate: { transport: string } } } } }
      | undefined;
    return dtls?.iceTransport.connection.nominated?.localCandidate.transport.toLowerCase();
  }

  /** The peer connection gave up (werift's DTLS client fails its handshake on a repeated HelloVerifyRequest). */
  get failed(): boolean {
    return this.pc.connectionState === 'failed';
  }

  /** Where this viewer's connection stands (a benchmark prints it for viewers that receive nothing). */
  connectionDetail(): string {
    const dtls = this.pc.dtlsTransports.map((t) => {
      const d = t as unknown as { state: string; packetsReceived?: number; srtp?: unknown };
      return `dtls ${d.state}, ${d.packetsReceived ?? 0} media packets in, srtp ${d.srtp ? 'keyed' : 'none'}`;
    });
    return `pc ${this.pc.connectionState}, ice ${this.pc.iceConnectionState}, ${dtls.join('; ') || 'no dtls transport'}, counting ${this.counting}`;
  }

  stats(): StreamStats {
    const total = { received: 0, expected: 0, bytes: 0 };
    for (const s of this.streams.values()) {
      total.received += s.received;
      total.expected += s.expected;
      total.bytes += s.bytes;
    }
    return total;
  }

  async close(): Promise<void> {
    this.send({ case: 'leave', value: {} as never });
    this.ws?.close();
    await this.pc.close();
  }

  private send(message: SignalRequest['message']): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(new SignalRequest({ message }).toBinary());
  }

  private async onMessage(res: SignalResponse): Promise<void> {
    const m = res.message;
    if (m.case === 'offer') {
      await this.pc.setRemoteDescription({ type: 'offer', sdp: m.value.sdp });
      const answer = await this.pc.setLocalDescription(await this.pc.createAnswer());
      let sdp = answer.toSdp().sdp;
      // Behind a network that drops UDP the SFU never learns a UDP address of ours.
      if (this.tcpOnly) sdp = sdp.replace(/^a=candidate:(?!.* tcp ).*\r?\n/gim, '');
      this.send({
        case: 'answer',
        value: new SessionDescription({ type: 'answer', sdp, id: m.value.id }),
      });
    } else if (m.case === 'trickle' && m.value.target === SignalTarget.SUBSCRIBER) {
      const c = JSON.parse(m.value.candidateInit);
      if (c.candidate) await this.pc.addIceCandidate(c).catch(() => undefined);
    }
  }

  /**
   * Counts decrypted packets on the RTX payload type as werift's router gets them, before its receiver
   * unwraps them. The router exists from the start, so no packet is missed; hooking the SRTP session on
   * 'connected' instead raced werift, which may report 'connected' while DTLS is still under way when an
   * offer is renegotiated then.
   */
  private countRtx(): void {
    const router = (this.pc as unknown as RouterInternals).router;
    const route = router.routeRtp;
    router.routeRtp = (packet) => {
      if (packet.header.payloadType === 97) this.rtxReceived++;
      route(packet);
    };
  }

  private countWithoutDecrypting(): void {
    this.counting = true;
    enlargeReceiveBuffers(this.pc, BENCH_RECEIVE_BUFFER);
    for (const transport of this.pc.dtlsTransports) {
      const t = transport as unknown as SrtpInternals;
      const decrypt = t.srtp.decrypt.bind(t.srtp);
      let n = 0;
      t.srtp.decrypt = (data: Buffer) => {
        if (n++ % VERIFY_EVERY === 0) {
          this.verified++;
          try {
            decrypt(data);
          } catch {
            this.verifyFailures++;
          }
        }
        this.count(data.readUInt32BE(8), data.readUInt16BE(2), data.length);
        throw SKIP;
      };
    }
  }

  private count(ssrc: number, seq: number, bytes: number): void {
    this.firstPacketAt ??= performance.now();
    let s = this.streams.get(ssrc);
    if (!s) {
      s = { received: 0, expected: 0, bytes: 0, first: seq, highest: seq, cycles: 0 };
      this.streams.set(ssrc, s);
    }
    s.received++;
    s.bytes += bytes;
    const diff = (seq - s.highest) & 0xffff;
    if (diff > 0 && diff < 0x8000) {
      if (seq < s.highest) s.cycles += 0x10000;
      s.highest = seq;
    }
    s.expected = s.cycles + s.highest - s.first + 1;
  }
}

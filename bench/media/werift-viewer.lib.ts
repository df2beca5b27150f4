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
  useAbsSendTime,
  useNACK,
  usePLI,
  useSdesMid,
} from 'werift';
import WebSocket from 'ws';

export interface StreamStats {
  received: number;
  /** Highest extended sequence number minus the first one, plus one. */
  expected: number;
  bytes: number;
}

export class WeriftViewer {
  readonly streams = new Map<number, StreamStats & { first: number; highest: number; cycles: number }>();
  firstPacketAt?: number;
  joinedAt = 0;
  private ws?: WebSocket;
  private pc = new RTCPeerConnection({
    iceServers: [],
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/VP8',
          clockRate: 90_000,
          payloadType: 96,
          rtcpFeedback: [useNACK(), usePLI()],
        }),
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

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {
    this.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) =>
        this.count(rtp.header.ssrc, rtp.header.sequenceNumber, rtp.payload.length),
      );
    });
    this.pc.onIceCandidate.subscribe((c) => {
      if (!c?.candidate) return;
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
      this.send({
        case: 'answer',
        value: new SessionDescription({ type: 'answer', sdp: answer.toSdp().sdp, id: m.value.id }),
      });
    } else if (m.case === 'trickle' && m.value.target === SignalTarget.SUBSCRIBER) {
      const c = JSON.parse(m.value.candidateInit);
      if (c.candidate) await this.pc.addIceCandidate(c).catch(() => undefined);
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

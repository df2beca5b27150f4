/**
 * A synthetic LiveKit host on werift: publishes one VP8 camera track and sends RTP packets that
 * look like a 30 fps stream (valid VP8 payload descriptors, a keyframe every 3 s, random bytes
 * as payload). The SFU never decodes, so this costs it exactly what a real stream does, without
 * needing a CPU-hungry browser encoder on a shared 2-core machine.
 */
import { randomBytes } from 'node:crypto';
import {
  AddTrackRequest,
  SessionDescription,
  SignalRequest,
  SignalResponse,
  SignalTarget,
  TrackSource,
  TrackType,
  TrickleRequest,
} from '@livekit/protocol';
import { RTCPeerConnection, RtpHeader, RtpPacket, useSdesMid } from 'werift';
import WebSocket from 'ws';
import { vp8Codec } from './werift-viewer.ts';

export class WeriftPublisher {
  private ws?: WebSocket;
  private timer?: NodeJS.Timeout;
  private keyframeRequested = false;
  /** RTP packets handed to werift so far. */
  sent = 0;
  private readonly pc = new RTCPeerConnection({
    iceServers: [],
    codecs: { video: [vp8Codec()] },
    headerExtensions: { video: [useSdesMid()] },
  });

  /**
   * `paddingPerFrame`: also sends that many padding-only packets (as a browser probing bandwidth does) after
   * each frame, numbered in the same sequence as the media. `skipNumberEvery`: leaves out one sequence number
   * after every that many packets, as if the uplink had lost it.
   */
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly opts: { paddingPerFrame?: number; skipNumberEvery?: number } = {},
  ) {}

  /** Joins, publishes, and starts sending `kbps` of fake VP8 at 30 fps. */
  async start(kbps = 2_000): Promise<void> {
    const ws = new WebSocket(
      `${this.url}/rtc?access_token=${this.token}&auto_subscribe=0&sdk=js&protocol=17`,
    );
    this.ws = ws;
    let answered: () => void = () => undefined;
    const answer = new Promise<void>((r) => {
      answered = r;
    });
    ws.on('message', async (data: Buffer) => {
      const m = SignalResponse.fromBinary(new Uint8Array(data)).message;
      if (m.case === 'answer') {
        await this.pc.setRemoteDescription({ type: 'answer', sdp: m.value.sdp });
        answered();
      } else if (m.case === 'trickle' && m.value.target === SignalTarget.PUBLISHER) {
        const c = JSON.parse(m.value.candidateInit);
        if (c.candidate) await this.pc.addIceCandidate(c).catch(() => undefined);
      }
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    setInterval(() => this.send({ case: 'ping', value: BigInt(Date.now()) }), 5_000).unref();
    this.pc.onIceCandidate.subscribe((c) => {
      if (c?.candidate)
        this.send({
          case: 'trickle',
          value: new TrickleRequest({ candidateInit: JSON.stringify(c), target: SignalTarget.PUBLISHER }),
        });
    });
    const cid = 'synthetic-camera';
    const t = this.pc.addTransceiver('video', { direction: 'sendonly' });
    t.sender.streamId = 'synthetic-stream';
    (t.sender as { trackId: string }).trackId = cid;
    this.send({
      case: 'addTrack',
      value: new AddTrackRequest({
        cid,
        name: 'camera',
        type: TrackType.VIDEO,
        source: TrackSource.CAMERA,
        width: 1280,
        height: 720,
      }),
    });
    await this.pc.setLocalDescription(await this.pc.createOffer());
    // Offer with every candidate in the SDP rather than relying on trickle alone.
    await new Promise<void>((r) => {
      if (this.pc.iceGatheringState === 'complete') r();
      this.pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && r());
    });
    const sdp = this.pc.localDescription?.sdp ?? '';
    this.send({ case: 'offer', value: new SessionDescription({ type: 'offer', sdp, id: 1 }) });
    await answer;
    if (process.env.BENCH_DEBUG) console.error('publisher: answer applied, state', this.pc.connectionState);
    await new Promise<void>((r) => {
      if (this.pc.connectionState === 'connected') r();
      this.pc.connectionStateChange.subscribe((s) => s === 'connected' && r());
    });
    // Answer the SFU's PLIs (a viewer joined or switched) with a keyframe on the next frame.
    t.sender.onPictureLossIndication.subscribe(() => {
      this.keyframeRequested = true;
    });
    this.sendVideo(t.sender, kbps);
  }

  close(): void {
    clearInterval(this.timer);
    this.ws?.close();
    void this.pc.close();
  }

  private send(message: SignalRequest['message']): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(new SignalRequest({ message }).toBinary());
  }

  private sendVideo(sender: { sendRtp(p: RtpPacket): Promise<void> }, kbps: number): void {
    // Whole frames every 33 ms, each split into ~1100-byte packets like a browser's packetizer. Frames are
    // due by the clock, not by the timer's ticks: a late tick sends every frame it missed, so a busy SFU
    // process still gets the full rate to forward (a tick-counted sender quietly sends less under load).
    const fps = 30;
    const size = 1_100;
    const perFrame = Math.max(1, Math.round((kbps * 1000) / 8 / fps / size));
    // Random bytes made once (the SFU never decodes them); each packet copies one and writes its header.
    const pool = Array.from({ length: 64 }, () => randomBytes(size));
    let seq = 0;
    let frame = 0;
    let pictureId = 0;
    const started = performance.now();
    this.timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) * fps) / 1000) + 1;
      for (; frame < due; frame++) {
        const key = frame % (fps * 3) === 0 || this.keyframeRequested;
        this.keyframeRequested = false;
        for (let i = 0; i < perFrame; i++) {
          const payload = Buffer.from(pool[(seq + i) % pool.length] as Buffer);
          // VP8 descriptor: X=1, S on the first packet; 15-bit PictureID; then the VP8 header byte.
          payload[0] = 0x80 | (i === 0 ? 0x10 : 0);
          payload[1] = 0x80;
          payload[2] = 0x80 | ((pictureId >> 8) & 0x7f);
          payload[3] = pictureId & 0xff;
          payload[4] = key ? 0x10 : 0x11;
          const header = new RtpHeader({
            payloadType: 96,
            sequenceNumber: seq++ & 0xffff,
            timestamp: (frame * 3000) >>> 0,
            marker: i === perFrame - 1,
          });
          sender.sendRtp(new RtpPacket(header, payload)).catch(() => undefined);
          this.sent++;
          if (this.opts.skipNumberEvery && this.sent % this.opts.skipNumberEvery === 0) seq++;
        }
        for (let i = 0; i < (this.opts.paddingPerFrame ?? 0); i++) {
          // werift's SRTP path writes the header and the payload only, so the padding goes in as the payload:
          // 200 bytes whose last one says 200 (RFC 3550 5.1), with the P bit set.
          const header = new RtpHeader({
            payloadType: 96,
            sequenceNumber: seq++ & 0xffff,
            timestamp: (frame * 3000) >>> 0,
            padding: true,
          });
          const padding = Buffer.alloc(200);
          padding[199] = 200;
          sender.sendRtp(new RtpPacket(header, padding)).catch(() => undefined);
        }
        pictureId = (pictureId + 1) & 0x7fff;
      }
    }, 1000 / fps);
  }
}

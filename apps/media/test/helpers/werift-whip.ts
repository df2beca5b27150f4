import { RTCPeerConnection, RtpHeader, RtpPacket, useSdesMid } from 'werift';
import { vp8Codec } from './werift-viewer.ts';

/**
 * A WHIP publisher (RFC 9725) on werift, for tests that need no browser: its offer sends one VP8 track; once
 * connected it sends a small VP8 packet every 20 ms until `stopSending` (the encoder gone, the connection
 * kept: what a crashed OBS or a lost network looks like to the server until ICE consent expires).
 */
export class WeriftWhipPublisher {
  readonly pc = new RTCPeerConnection({
    iceServers: [],
    codecs: { video: [vp8Codec()] },
    headerExtensions: { video: [useSdesMid()] },
  });
  private timer?: NodeJS.Timeout;
  location?: string;

  constructor(
    private readonly endpoint: string,
    private readonly token: string,
  ) {}

  /** Makes the offer (every candidate in it, as OBS sends it) and POSTs it; returns the status. */
  async post(): Promise<number> {
    this.pc.addTransceiver('video', { direction: 'sendonly' });
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await new Promise<void>((r) => {
      if (this.pc.iceGatheringState === 'complete') r();
      this.pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && r());
    });
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${this.token}` },
      body: this.pc.localDescription?.sdp ?? '',
    });
    const body = await res.text();
    if (res.status === 201) {
      this.location = new URL(res.headers.get('location') ?? '', this.endpoint).toString();
      this.answer = body;
    }
    return res.status;
  }

  private answer = '';

  /** Applies the answer, waits for the connection, and starts sending. */
  async connect(): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp: this.answer });
    await new Promise<void>((r) => {
      if (this.pc.connectionState === 'connected') r();
      this.pc.connectionStateChange.subscribe((s) => s === 'connected' && r());
    });
    const sender = this.pc.getTransceivers()[0]?.sender;
    if (!sender) throw new Error('no sender');
    let seq = 0;
    this.timer = setInterval(() => {
      // VP8 descriptor with S set, then a keyframe header byte and a few bytes of payload.
      const payload = Buffer.from([0x10, 0x10, 0, 0, 0, 0, 0, 0]);
      const header = new RtpHeader({ payloadType: 96, sequenceNumber: seq & 0xffff, timestamp: seq * 1800 });
      seq++;
      sender.sendRtp(new RtpPacket(header, payload)).catch(() => undefined);
    }, 20);
  }

  /** DELETE on the session's Location; returns the status. */
  async delete(): Promise<number> {
    if (!this.location) throw new Error('not posted');
    const res = await fetch(this.location, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${this.token}` },
    });
    return res.status;
  }

  stopSending(): void {
    clearInterval(this.timer);
  }

  close(): void {
    this.stopSending();
    void this.pc.close();
  }
}

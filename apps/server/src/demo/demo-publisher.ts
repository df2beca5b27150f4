import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCRtpSender,
  RtpHeader,
  RtpPacket,
  useNACK,
  usePLI,
  useSdesMid,
} from 'werift';
import type { IvfClip } from './ivf.ts';
import { packetizeVp8 } from './vp8-rtp.ts';

const PAYLOAD_TYPE = 96;
const CLOCK_RATE = 90_000;

/** What the media server said to an offer: its answer, and how to end that session. */
export interface IngestSession {
  answer: string;
  stop(): Promise<void>;
}

export interface DemoPublisherOptions {
  clip: IvfClip;
  /** Sends the offer to the media server's WHIP endpoint. */
  connect(offer: string): Promise<IngestSession>;
  /** Whether the media server still has this publisher in its room (false after a media server restart). */
  stillPublishing(): Promise<boolean>;
  /** How long to wait before connection attempt `n` (1, 2, …) after a failure or a lost session. */
  retryDelayMs(attempt: number): number;
  /** How often to ask `stillPublishing`. */
  checkEveryMs: number;
  onError(err: unknown): void;
}

/**
 * Publishes a looped VP8 clip into one room over WHIP, as streaming software would: one sendonly video track,
 * frames sent by the clock (a late timer tick sends the frames it missed). A keyframe request from the SFU (a
 * viewer joined) jumps to the clip's next keyframe, so nobody waits for the loop to reach one. A lost
 * session (connection failed, or the media server no longer lists the publisher) is started again with
 * back-off.
 */
export const startDemoPublisher = (opts: DemoPublisherOptions): { close(): Promise<void> } => {
  const { clip } = opts;
  const frameMs = 1000 / clip.fps;
  const ticksPerFrame = Math.round(CLOCK_RATE / clip.fps);
  let closed = false;
  let current: { pc: RTCPeerConnection; session?: IngestSession; timers: NodeJS.Timeout[] } | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  // Counters that run on across sessions and loops: the SFU sees one continuous stream.
  let sequence = 0;
  let timestamp = 0;
  let pictureId = 0;
  let index = 0;

  const nextKeyframe = (from: number): number => {
    for (let i = 1; i <= clip.frames.length; i++) {
      const at = (from + i) % clip.frames.length;
      if (clip.frames[at]?.key) return at;
    }
    return 0;
  };

  const sendFrames = (sender: RTCRtpSender, wantKeyframe: { now: boolean }) => {
    const started = performance.now();
    let sent = 0;
    return setInterval(() => {
      const due = Math.floor((performance.now() - started) / frameMs) + 1;
      for (; sent < due; sent++) {
        if (wantKeyframe.now) {
          wantKeyframe.now = false;
          if (!clip.frames[index]?.key) index = nextKeyframe(index);
        }
        const frame = clip.frames[index];
        if (!frame) break;
        const payloads = packetizeVp8(frame.data, pictureId);
        payloads.forEach((payload, i) => {
          const header = new RtpHeader({
            payloadType: PAYLOAD_TYPE,
            sequenceNumber: sequence,
            timestamp,
            marker: i === payloads.length - 1,
          });
          sequence = (sequence + 1) & 0xffff;
          sender.sendRtp(new RtpPacket(header, payload)).catch(() => undefined);
        });
        timestamp = (timestamp + ticksPerFrame) >>> 0;
        pictureId = (pictureId + 1) & 0x7fff;
        index = (index + 1) % clip.frames.length;
      }
    }, frameMs);
  };

  const teardown = async () => {
    const c = current;
    current = null;
    if (!c) return;
    for (const t of c.timers) clearInterval(t);
    await c.session?.stop().catch(() => undefined);
    await c.pc.close().catch(() => undefined);
  };

  const retry = (err?: unknown) => {
    if (closed) return;
    if (err) opts.onError(err);
    void teardown().then(() => {
      if (closed) return;
      attempt += 1;
      retryTimer = setTimeout(() => void run(), opts.retryDelayMs(attempt));
      retryTimer.unref();
    });
  };

  const run = async () => {
    const pc = new RTCPeerConnection({
      iceServers: [],
      codecs: {
        video: [
          new RTCRtpCodecParameters({
            mimeType: 'video/VP8',
            clockRate: CLOCK_RATE,
            payloadType: PAYLOAD_TYPE,
            rtcpFeedback: [useNACK(), usePLI()],
          }),
        ],
        audio: [],
      },
      headerExtensions: { video: [useSdesMid()] },
    });
    const mine = { pc, timers: [] as NodeJS.Timeout[] } as NonNullable<typeof current>;
    current = mine;
    try {
      const transceiver = pc.addTransceiver('video', { direction: 'sendonly' });
      await pc.setLocalDescription(await pc.createOffer());
      // Every candidate in the offer: WHIP needs no trickle then.
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') resolve();
        pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && resolve());
      });
      const session = await opts.connect(pc.localDescription?.sdp ?? '');
      mine.session = session;
      if (current !== mine || closed) return void (await session.stop().catch(() => undefined));
      await pc.setRemoteDescription({ type: 'answer', sdp: session.answer });
      const wantKeyframe = { now: true };
      transceiver.sender.onPictureLossIndication.subscribe(() => {
        wantKeyframe.now = true;
      });
      pc.connectionStateChange.subscribe((state) => {
        if (current === mine && (state === 'failed' || state === 'closed'))
          retry(new Error(`demo publisher: connection ${state}`));
        if (state === 'connected') attempt = 0;
      });
      mine.timers.push(sendFrames(transceiver.sender, wantKeyframe));
      const check = setInterval(() => {
        opts.stillPublishing().then(
          (yes) => {
            if (!yes && current === mine) retry(new Error('demo publisher: no longer in the room'));
          },
          () => undefined, // the media server is down: the next check (or the connection state) tells
        );
      }, opts.checkEveryMs);
      check.unref();
      mine.timers.push(check);
    } catch (err) {
      if (current === mine) retry(err);
    }
  };

  void run();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await teardown();
    },
  };
};

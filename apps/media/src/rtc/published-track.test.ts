import { TrackInfo, TrackType, VideoLayer, VideoQuality } from '@livekit/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Event,
  type MediaStreamTrack,
  type RTCRtpReceiver,
  RtcpReceiverInfo,
  RtcpRrPacket,
  type RtpPacket,
} from 'werift';
import { fakeTransceiver, packet } from '../../test/helpers/fake-rtp.ts';
import { Metrics } from '../metrics.ts';
import { DownTrack } from './down-track.ts';
import { PublishedTrack } from './published-track.ts';

/** A simulcast camera with layers h (SSRC 11) and f (SSRC 22), one viewer, and the PLIs sent upstream. */
function setUp(viewerTransport: 'connected' | 'connecting' = 'connected') {
  const metrics = new Metrics();
  const track = new PublishedTrack(
    new TrackInfo({ sid: 'TR_v', type: TrackType.VIDEO }),
    'PA_h',
    '0',
    metrics,
  );
  const plis: number[] = [];
  const receiver = {
    sendRtcpPLI: async (ssrc: number) => {
      plis.push(ssrc);
    },
  } as unknown as RTCRtpReceiver;
  const incoming = (rid: string) => {
    const t = { rid, onReceiveRtp: new Event<[RtpPacket]>() };
    track.attach(t as unknown as MediaStreamTrack, receiver);
    return t.onReceiveRtp;
  };
  const h = incoming('h');
  const f = incoming('f');
  let seq = 0;
  /** One single-packet frame on each layer; `lostUpstream` numbers before it never arrive. */
  const frame = (key: boolean, lostUpstream = 0) => {
    seq += 1 + lostUpstream;
    h.execute(packet(seq, seq * 3000, seq, key, true, 11));
    f.execute(packet(seq, seq * 3000, seq, key, true, 22));
  };
  frame(true);
  const sent: RtpPacket[] = [];
  const transceiver = fakeTransceiver(sent);
  const dtls = transceiver.sender.dtlsTransport as unknown as { state: string };
  dtls.state = viewerTransport;
  const dt = new DownTrack('TR_v', 'PA_v', transceiver, 90_000, metrics);
  track.addDownTrack(dt);
  const receiverReport = (ssrc: number, fractionLost: number) =>
    transceiver.sender.onRtcp.execute(
      new RtcpRrPacket({
        reports: [new RtcpReceiverInfo({ ssrc, fractionLost: Math.round(fractionLost * 256) })],
      }),
    );
  return { track, dt, dtls, frame, plis, receiverReport };
}

describe('PublishedTrack', () => {
  it('asks for no keyframe for a viewer whose transport is still connecting, then at once when it connects', () => {
    const { track, dt, dtls, frame, plis } = setUp('connecting');
    track.retarget(dt);
    frame(false);
    // A request answered into a transport that cannot carry it would make the encoder ignore the next one
    // (Chromium answers at most one key frame request per 300 ms): that cost every join about half a second.
    expect(plis).toEqual([]);
    dtls.state = 'connected';
    track.retarget(dt, true); // what the room does when the viewer's transport connects
    expect(plis).toEqual([22]);
    track.close();
  });

  it("moves a viewer whose receiver reports heavy loss one layer down, at the lower layer's next keyframe", () => {
    const { track, dt, frame, plis, receiverReport } = setUp();
    frame(true);
    expect(dt.current?.rid).toBe('f');
    receiverReport(5, 0.3); // the first report on a layer only starts the upstream count
    expect(dt.target?.rid).toBe('f');
    frame(false);
    receiverReport(5, 0.3);
    expect(dt.target?.rid).toBe('h');
    expect(plis).toContain(11); // a keyframe asked for on h
    frame(false);
    expect(dt.current?.rid).toBe('f'); // still f until h has a keyframe
    frame(true);
    expect(dt.current?.rid).toBe('h');
    track.close();
  });

  it('keeps the best layer when the loss is light or reported for another stream', () => {
    const { track, dt, frame, receiverReport } = setUp();
    frame(true);
    receiverReport(5, 0.01);
    receiverReport(5, 0.05);
    receiverReport(99, 0.5); // another SSRC of that viewer's
    frame(true);
    expect(dt.target?.rid).toBe('f');
    expect(dt.current?.rid).toBe('f');
    track.close();
  });

  it("does not blame the viewer's path for what the publisher's uplink lost", () => {
    const { track, dt, frame, receiverReport } = setUp();
    frame(true);
    receiverReport(5, 0); // the count starts here
    for (let i = 0; i < 10; i++) frame(false, 1); // every other number lost before the SFU
    receiverReport(5, 0.5); // the viewer saw the same holes
    expect(dt.target?.rid).toBe('f');
    for (let i = 0; i < 10; i++) frame(false, 1);
    receiverReport(5, 0.7); // 50 % upstream and 40 % more on the viewer's path
    expect(dt.target?.rid).toBe('h');
    track.close();
  });

  describe('a viewer joining just after a keyframe (a page reloaded as soon as video showed)', () => {
    afterEach(() => vi.useRealTimers());
    const fakeClock = () =>
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
      });

    it('asks again as soon as the encoder takes requests, not at the next tick half a second later', () => {
      fakeClock();
      // setUp's first frame is a keyframe, then the viewer arrives at once and asks for one.
      const { track, plis } = setUp();
      expect(plis).toEqual([22]);
      // Chromium drops a request within 300 ms of its last keyframe; the periodic re-ask would wait for the
      // 300 ms since the last request *and* a 250 ms tick: 500 ms.
      vi.advanceTimersByTime(300);
      expect(plis).toEqual([22]);
      vi.advanceTimersByTime(20);
      expect(plis).toEqual([22, 22]);
      track.close();
    });

    it('does not ask again when the keyframe came meanwhile', () => {
      fakeClock();
      const { track, dt, frame, plis } = setUp();
      vi.advanceTimersByTime(100);
      frame(true);
      expect(dt.current?.rid).toBe('f');
      vi.advanceTimersByTime(400);
      expect(plis).toEqual([22]);
      track.close();
    });
  });
});

describe('dynacast with a recording', () => {
  it('keeps the layer a recording holds on while nobody watches, and lets it go once released', () => {
    let now = 0;
    const asked: VideoQuality[] = [];
    const layers = [VideoQuality.LOW, VideoQuality.MEDIUM, VideoQuality.HIGH].map(
      (quality) => new VideoLayer({ quality }),
    );
    const track = new PublishedTrack(
      new TrackInfo({ sid: 'TR_r', type: TrackType.VIDEO, layers }),
      'PA_h',
      '0',
      new Metrics(),
      (q) => asked.push(q),
      () => now,
    );
    const recording = {};
    track.hold(recording, VideoQuality.HIGH);
    for (; now <= 20_000; now += 1_000) track['updateDynacast']();
    expect(asked).toEqual([]); // the publisher keeps every layer it started with
    track.release(recording);
    for (; now <= 40_000; now += 1_000) track['updateDynacast']();
    expect(asked).toEqual([VideoQuality.LOW]);
    track.close();
  });
});

import { VideoQuality } from '@livekit/protocol';
import { describe, expect, it } from 'vitest';
import type { MediaStreamTrack, RtpPacket } from 'werift';
import { countIncoming, type Layer } from './layer.ts';
import { TrackStats } from './track-stats.ts';
import { parseVp8, vp8KeyframeSize } from './vp8.ts';

const layer = (): Layer => ({
  rid: '',
  quality: VideoQuality.HIGH,
  track: {} as MediaStreamTrack,
  lastPacketAt: 0,
  packets: 0,
  expected: 0,
  received: 0,
});

const rtp = (seq: number, timestamp: number, bytes: number) =>
  ({ header: { sequenceNumber: seq, timestamp }, payload: Buffer.alloc(bytes, 1) }) as unknown as RtpPacket;

describe('TrackStats', () => {
  it('reads bitrate, frames per second (distinct timestamps) and loss (sequence gaps) over the window', () => {
    const l = layer();
    const stats = new TrackStats('TR_1', 'video', 'video/VP8');
    const receive = (seq: number, ts: number) => {
      countIncoming(l, seq);
      stats.onPacket(l, rtp(seq, ts, 1000));
    };
    receive(0, 0);
    stats.mark(0);
    // One second: 30 frames of two packets; the first packet of every tenth frame is lost.
    for (let f = 1; f <= 30; f++) {
      if (f % 10 !== 0) receive(f * 2 - 1, f * 3000);
      receive(f * 2, f * 3000);
    }
    const h = stats.read(1000);
    expect(h).toMatchObject({ sid: 'TR_1', kind: 'video', fps: 30, width: null, height: null });
    expect(h.bitrateKbps).toBe(57 * 8); // 57 packets of 1000 bytes in one second
    expect(h.lossPct).toBe(5); // 3 of 60 numbers never came
  });

  it('is all zeros before the first mark', () => {
    const stats = new TrackStats('TR_2', 'audio', 'audio/opus');
    stats.onPacket(layer(), rtp(1, 960, 100));
    expect(stats.read(500)).toMatchObject({ bitrateKbps: 0, fps: 0, lossPct: 0 });
  });
});

describe('vp8KeyframeSize', () => {
  it('reads the 14-bit width and height after the keyframe start code', () => {
    // Short descriptor (S=1), frame tag with P=0, start code, width 640 and height 360 (little-endian).
    const payload = Buffer.from([0x10, 0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0x68, 0x01]);
    const d = parseVp8(payload);
    expect(d && vp8KeyframeSize(payload, d)).toEqual({ width: 640, height: 360 });
    const delta = Buffer.from([0x10, 0x11, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0x68, 0x01]);
    const dd = parseVp8(delta);
    expect(dd && vp8KeyframeSize(delta, dd)).toBeUndefined();
  });
});

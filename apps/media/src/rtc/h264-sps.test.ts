import { describe, expect, it } from 'vitest';
import { h264SpsSize, parseSpsSize } from './h264-sps.ts';

// SPS NAL units x264 wrote (ffmpeg -f lavfi -i testsrc2=size=WxH -c:v libx264 -profile:v P -f h264).
const BASELINE_640x360 = Buffer.from('6742c01ed900a02ff970110000030001000003003c0f162e48', 'hex');
const HIGH_1920x1080 = Buffer.from('67640028acd940780227e5c044000003000400000300f03c60c658', 'hex');

describe('H.264 SPS frame size', () => {
  it('reads baseline and high profile sizes, cropping applied', () => {
    expect(parseSpsSize(BASELINE_640x360)).toEqual({ width: 640, height: 360 });
    expect(parseSpsSize(HIGH_1920x1080)).toEqual({ width: 1920, height: 1080 });
  });

  it('finds the SPS alone or in a STAP-A, and nothing in other packets', () => {
    expect(h264SpsSize(BASELINE_640x360)).toEqual({ width: 640, height: 360 });
    const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80]);
    const size = (b: Buffer) => Buffer.from([b.length >> 8, b.length & 0xff]);
    const stap = Buffer.concat([Buffer.from([0x78]), size(HIGH_1920x1080), HIGH_1920x1080, size(pps), pps]);
    expect(h264SpsSize(stap)).toEqual({ width: 1920, height: 1080 });
    expect(h264SpsSize(pps)).toBeUndefined();
    expect(parseSpsSize(Buffer.from([0x67, 0x64]))).toBeUndefined();
  });
});

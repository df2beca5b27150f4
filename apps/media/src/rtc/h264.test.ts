import { describe, expect, it } from 'vitest';
import { isH264KeyframeStart } from './h264.ts';

const nal = (type: number, ...rest: number[]) => Buffer.from([0x60 | type, ...rest]);

describe('isH264KeyframeStart', () => {
  it('takes a single SPS or IDR NAL unit', () => {
    expect(isH264KeyframeStart(nal(7, 0x42, 0xe0))).toBe(true);
    expect(isH264KeyframeStart(nal(5, 0x88))).toBe(true);
  });

  it('refuses a non-IDR slice and a PPS alone', () => {
    expect(isH264KeyframeStart(nal(1, 0x9a))).toBe(false);
    expect(isH264KeyframeStart(nal(8, 0xce))).toBe(false);
  });

  it('takes a STAP-A carrying an SPS, not one carrying only slices', () => {
    const sps = [0x67, 0x42, 0xe0];
    const pps = [0x68, 0xce];
    const stap = Buffer.from([0x78, 0, sps.length, ...sps, 0, pps.length, ...pps]);
    expect(isH264KeyframeStart(stap)).toBe(true);
    const slices = Buffer.from([0x78, 0, 2, 0x41, 0x9a, 0, 2, 0x41, 0x9b]);
    expect(isH264KeyframeStart(slices)).toBe(false);
  });

  it('takes only the first FU-A fragment of an IDR slice', () => {
    expect(isH264KeyframeStart(nal(28, 0x80 | 5, 0x88))).toBe(true);
    expect(isH264KeyframeStart(nal(28, 0x40 | 5, 0x88))).toBe(false);
    expect(isH264KeyframeStart(nal(28, 0x80 | 1, 0x9a))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseVp8, rewriteVp8 } from './vp8.ts';

/** X=1, S as given, PID 0; I=1 with a 15-bit PictureID; L=1 with TL0PICIDX; then the VP8 header byte. */
function payload(opts: { start: boolean; key: boolean; pictureId: number; tl0: number }): Buffer {
  return Buffer.from([
    0x80 | (opts.start ? 0x10 : 0),
    0xc0,
    0x80 | ((opts.pictureId >> 8) & 0x7f),
    opts.pictureId & 0xff,
    opts.tl0,
    opts.key ? 0x10 : 0x11,
    0xaa,
  ]);
}

describe('VP8 payload descriptor', () => {
  it('finds keyframes only at the start of a frame', () => {
    expect(parseVp8(payload({ start: true, key: true, pictureId: 300, tl0: 7 }))).toMatchObject({
      keyframe: true,
      frameStart: true,
      pictureId: 300,
      tl0PicIdx: 7,
    });
    expect(parseVp8(payload({ start: true, key: false, pictureId: 1, tl0: 0 }))?.keyframe).toBe(false);
    expect(parseVp8(payload({ start: false, key: true, pictureId: 1, tl0: 0 }))?.keyframe).toBe(false);
  });

  it('handles the short descriptor without extensions', () => {
    expect(parseVp8(Buffer.from([0x10, 0x10]))).toMatchObject({ keyframe: true, frameStart: true });
    expect(parseVp8(Buffer.alloc(0))).toBeUndefined();
  });

  it('rewrites PictureID and TL0PICIDX in a copy', () => {
    const original = payload({ start: true, key: true, pictureId: 5, tl0: 1 });
    const d = parseVp8(original);
    if (!d) throw new Error('unparsed');
    const out = rewriteVp8(original, d, 0x1234, 200);
    expect(parseVp8(out)).toMatchObject({ pictureId: 0x1234, tl0PicIdx: 200, keyframe: true });
    expect(parseVp8(original)?.pictureId).toBe(5);
  });
});

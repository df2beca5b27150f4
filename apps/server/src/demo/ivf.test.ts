import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIvf } from './ivf.ts';

const clipFile = readFileSync(path.resolve(import.meta.dirname, '../../assets/demo-clip.ivf'));

describe('parseIvf', () => {
  it('reads the bundled demo clip: 640×360 VP8 at 30 fps, a keyframe every second', () => {
    const clip = parseIvf(clipFile);
    expect([clip.width, clip.height, clip.fps]).toEqual([640, 360, 30]);
    expect(clip.frames).toHaveLength(180);
    const keys = clip.frames.flatMap((f, i) => (f.key ? [i] : []));
    expect(keys).toEqual([0, 30, 60, 90, 120, 150]);
    expect(clip.frames.reduce((n, f) => n + f.data.length, 0)).toBeLessThan(clipFile.length);
  });

  it('refuses what is not a whole VP8 IVF file', () => {
    expect(() => parseIvf(Buffer.from('not a clip at all, but long enough to have a header'))).toThrow(
      /DKIF/,
    );
    const vp9 = Buffer.from(clipFile);
    vp9.write('VP90', 8, 'ascii');
    expect(() => parseIvf(vp9)).toThrow(/not VP8/);
    expect(() => parseIvf(clipFile.subarray(0, clipFile.length - 10))).toThrow(/ends inside a frame/);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD, packetizeVp8 } from './vp8-rtp.ts';

describe('packetizeVp8', () => {
  it('splits a frame into payloads under the size limit that reassemble to the frame', () => {
    const frame = randomBytes(5_000);
    const payloads = packetizeVp8(frame, 0x1234);
    expect(payloads.length).toBe(Math.ceil(5_000 / (MAX_PAYLOAD - 4)));
    for (const p of payloads) expect(p.length).toBeLessThanOrEqual(MAX_PAYLOAD);
    expect(Buffer.concat(payloads.map((p) => p.subarray(4)))).toEqual(frame);
  });

  it('marks only the first payload as the start, each with the 15-bit PictureID (RFC 7741)', () => {
    const payloads = packetizeVp8(randomBytes(2_500), 0x1234);
    expect(payloads.map((p) => p[0])).toEqual([0x90, 0x80, 0x80]);
    for (const p of payloads) {
      expect(p[1]).toBe(0x80);
      expect((((p[2] ?? 0) & 0x7f) << 8) | (p[3] ?? 0)).toBe(0x1234);
      expect((p[2] ?? 0) & 0x80).toBe(0x80);
    }
  });

  it('a small frame is one payload', () => {
    expect(packetizeVp8(randomBytes(100), 1)).toHaveLength(1);
  });
});

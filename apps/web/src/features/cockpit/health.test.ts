import { describe, expect, it } from 'vitest';
import { healthFrom, type SenderSample, type THealth, uploadStruggling } from './health.ts';

const video = (over: Partial<SenderSample>): SenderSample => ({
  id: 'v-h',
  bytesSent: 0,
  packetsSent: 0,
  packetsLost: 0,
  timestamp: 0,
  width: 1280,
  height: 720,
  fps: 30,
  ...over,
});

describe('healthFrom', () => {
  it('sums the bitrate, takes the largest layer and computes loss over the interval', () => {
    const before = [
      video({ timestamp: 1000 }),
      video({ id: 'v-l', width: 320, height: 180, timestamp: 1000 }),
    ];
    const after = [
      video({ timestamp: 3000, bytesSent: 500_000, packetsSent: 450, packetsLost: 50 }),
      video({ id: 'v-l', width: 320, height: 180, timestamp: 3000, bytesSent: 50_000, packetsSent: 100 }),
    ];
    expect(healthFrom(before, after)).toEqual({
      width: 1280,
      height: 720,
      fps: 30,
      bitrateKbps: 2200,
      lossPct: 8.3,
      limitation: null,
    });
  });
  it('has nothing to say from one sample', () => {
    expect(healthFrom([], [video({ timestamp: 1 })])).toBeNull();
  });
  it('reports a bandwidth limitation from any layer', () => {
    const h = healthFrom(
      [video({ timestamp: 0 })],
      [video({ timestamp: 2000, qualityLimitationReason: 'bandwidth' })],
    );
    expect(h?.limitation).toBe('bandwidth');
  });
});

describe('uploadStruggling', () => {
  const h = (over: Partial<THealth>): THealth => ({
    width: 1280,
    height: 720,
    fps: 30,
    bitrateKbps: 2000,
    lossPct: 0,
    limitation: null,
    ...over,
  });
  it('warns on a bandwidth limitation at once', () => {
    expect(uploadStruggling([h({ limitation: 'bandwidth' })])).toBe(true);
  });
  it('warns on loss only when it lasts two readings', () => {
    expect(uploadStruggling([h({}), h({ lossPct: 12 })])).toBe(false);
    expect(uploadStruggling([h({ lossPct: 7 }), h({ lossPct: 12 })])).toBe(true);
    expect(uploadStruggling([h({ limitation: 'cpu' })])).toBe(false);
  });
});

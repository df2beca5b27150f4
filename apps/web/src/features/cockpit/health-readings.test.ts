import { describe, expect, it } from 'vitest';
import { healthFigures, recentReadings, type THealth } from './health.ts';

const reading = (bitrateKbps: number): THealth => ({
  width: 1280,
  height: 720,
  fps: 30,
  bitrateKbps,
  lossPct: 0,
  limitation: null,
  encoder: null,
});

describe('the cockpit health readings', () => {
  it('keep the last three', () => {
    let recent: THealth[] = [];
    for (const kbps of [1, 2, 3, 4]) recent = recentReadings(recent, reading(kbps));
    expect(recent.map((r) => r.bitrateKbps)).toEqual([2, 3, 4]);
  });

  it('are cleared when the stream stops (no reading), so the tiles show no figures', () => {
    const recent = recentReadings(recentReadings([], reading(2_500)), null);
    expect(recent).toEqual([]);
    expect(healthFigures(recent.at(-1))).toMatchObject({
      resolution: '—',
      fps: '—',
      bitrate: '—',
      loss: '—',
    });
  });
});

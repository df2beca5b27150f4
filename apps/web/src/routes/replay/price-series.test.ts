import { describe, expect, it } from 'vitest';
import { formatDuration, priceSeries } from './price-series.ts';

const p = (offsetMs: number, priceUsd: number) => ({ offsetMs, priceUsd, marketCap: priceUsd * 1e6 });

describe('the replay price chart’s bars', () => {
  it('holds the last known price at every second of the video, from 0 to its end', () => {
    const { step, bars } = priceSeries([p(2_500, 1.5), p(0, 1), p(4_000, 2)], 5_000);
    expect(step).toBe(1);
    expect(bars).toEqual([
      { time: 0, value: 1 },
      { time: 1, value: 1 },
      { time: 2, value: 1 },
      { time: 3, value: 1.5 },
      { time: 4, value: 2 },
      { time: 5, value: 2 },
    ]);
  });

  it('takes a coarser step for a long broadcast (at most ~600 bars) and starts from the first price', () => {
    const { step, bars } = priceSeries([p(60_000, 3)], 2 * 3600_000);
    expect(step).toBe(12);
    expect(bars.length).toBeLessThanOrEqual(601);
    expect(bars[0]).toEqual({ time: 0, value: 3 });
    expect(bars.at(-1)?.time).toBe(7200);
  });

  it('has no bars without prices', () => {
    expect(priceSeries([], 10_000).bars).toEqual([]);
  });

  it('labels the axis in video time', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75_000)).toBe('1:15');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});

import type { TReplayPricePoint } from '@mintcast/contracts';

/** Most bars the chart draws; a longer broadcast gets a coarser step. */
const MAX_BARS = 600;

export interface PriceSeries {
  /** Seconds of video per bar. */
  step: number;
  /** One bar per step from 0 to the end of the video: `time` in seconds of video, the price then. */
  bars: { time: number; value: number }[];
}

/**
 * The price at every `step` seconds of the video, each bar holding the last price known at its time. The
 * chart's time scale is index-based (bars evenly spaced), so a regular grid keeps video time and x linear:
 * the playhead and a click map straight to seconds. Empty when no price was recorded.
 */
export const priceSeries = (points: readonly TReplayPricePoint[], durationMs: number): PriceSeries => {
  const seconds = Math.max(1, Math.ceil(durationMs / 1000));
  const step = Math.max(1, Math.ceil(seconds / MAX_BARS));
  const sorted = [...points].sort((a, b) => a.offsetMs - b.offsetMs);
  const first = sorted[0];
  if (!first) return { step, bars: [] };
  const bars: PriceSeries['bars'] = [];
  let next = 0;
  let value = first.priceUsd;
  for (let time = 0; time <= seconds; time += step) {
    while (next < sorted.length && (sorted[next]?.offsetMs ?? 0) <= time * 1000) {
      value = sorted[next]?.priceUsd ?? value;
      next += 1;
    }
    bars.push({ time, value });
  }
  return { step, bars };
};

/** A length of video as `m:ss` or `h:mm:ss` (the replay's duration, the chart's time axis). */
export const formatDuration = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

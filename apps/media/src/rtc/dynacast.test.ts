import { VideoQuality } from '@livekit/protocol';
import { describe, expect, it } from 'vitest';
import { DYNACAST_DOWNGRADE_DELAY_MS, Dynacast, subscribedQualityUpdate } from './dynacast.ts';

const { LOW, MEDIUM, HIGH } = VideoQuality;

describe('Dynacast', () => {
  it('switches unneeded layers off only after the delay, and back on at once', () => {
    const d = new Dynacast();
    expect(d.update(HIGH, 0)).toBeUndefined(); // everything is on to begin with
    expect(d.update(LOW, 1_000)).toBeUndefined(); // nobody needs more than LOW: wait…
    expect(d.update(LOW, 1_000 + DYNACAST_DOWNGRADE_DELAY_MS - 1)).toBeUndefined();
    expect(d.update(LOW, 1_000 + DYNACAST_DOWNGRADE_DELAY_MS)).toBe(LOW);
    expect(d.update(LOW, 20_000)).toBeUndefined();
    expect(d.update(HIGH, 20_001)).toBe(HIGH); // a viewer wants HIGH: at once
  });

  it('forgets a pending downgrade when the need comes back meanwhile', () => {
    const d = new Dynacast();
    d.update(MEDIUM, 0);
    d.update(HIGH, 3_000);
    expect(d.update(MEDIUM, 6_000)).toBeUndefined(); // the wait starts again at 6 s
    expect(d.update(MEDIUM, 6_000 + DYNACAST_DOWNGRADE_DELAY_MS)).toBe(MEDIUM);
  });

  it('never switches the lowest layer off', () => {
    const d = new Dynacast();
    expect(d.update(VideoQuality.OFF, 0)).toBeUndefined();
    expect(d.update(LOW, DYNACAST_DOWNGRADE_DELAY_MS)).toBe(LOW);
    const update = subscribedQualityUpdate('TR_x', LOW);
    expect(update.subscribedQualities.map((q) => [q.quality, q.enabled])).toEqual([
      [LOW, true],
      [MEDIUM, false],
      [HIGH, false],
    ]);
    expect(update.subscribedCodecs[0]?.codec).toBe('vp8');
    expect(update.subscribedCodecs[0]?.qualities).toEqual(update.subscribedQualities);
  });
});

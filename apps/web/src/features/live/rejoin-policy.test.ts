import { describe, expect, it } from 'vitest';
import { REJOIN_ATTEMPTS, rejoinDelayMs, shouldRejoin } from './rejoin-policy.ts';

describe('rejoin policy', () => {
  it('rejoins after transient drops and never after final ones', () => {
    for (const transient of [undefined, 0, 3, 6, 7, 9, 14, 15]) expect(shouldRejoin(transient)).toBe(true);
    for (const final of [1, 2, 4, 5, 10]) expect(shouldRejoin(final)).toBe(false);
  });

  it('backs off from 1 s to at most 15 s, about 75 s in all', () => {
    const delays = Array.from({ length: REJOIN_ATTEMPTS }, (_, i) => rejoinDelayMs(i));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000]);
  });
});

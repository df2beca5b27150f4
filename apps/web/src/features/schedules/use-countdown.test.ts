import { describe, expect, it } from 'vitest';
import { countdownParts } from './use-countdown.ts';

describe('countdownParts', () => {
  it('splits whole days from the clock of the rest, and stops at zero', () => {
    expect(countdownParts(65_000)).toEqual({ days: 0, clock: '1:05', done: false });
    expect(countdownParts((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      clock: '3:04:05',
      done: false,
    });
    expect(countdownParts(-5_000)).toEqual({ days: 0, clock: '0:00', done: true });
  });
});

import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('chat rate limiter', () => {
  it('counts on the injected clock: a burst, then one token back per refill interval, no sleeping', () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter({ burst: 5, perWindow: 20, windowMs: 30_000, now: () => clock });
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1500); // 20 per 30 s: one every 1.5 s
    expect(limiter.wait('b')).toBe(0); // per key
    clock += 1499;
    expect(limiter.wait('a')).toBeGreaterThan(0);
    clock += 1;
    expect(limiter.wait('a')).toBe(0);
    expect(limiter.wait('a')).toBe(0); // wait() takes nothing
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    // A clock that steps back (an injected one can) does not drain the bucket below empty.
    clock -= 60_000;
    expect(limiter.take('a')).toBe(1500);
    clock += 1500;
    expect(limiter.take('a')).toBe(0);
  });
});

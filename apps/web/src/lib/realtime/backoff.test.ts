import { REALTIME_RECONNECT_JITTER_MS, REALTIME_RECONNECT_MAX_MS } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './backoff.ts';

describe('realtime reconnect back-off', () => {
  it('doubles from half a second and never waits more than the cap plus the jitter', () => {
    const none = () => 0;
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, none))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(reconnectDelay(4, none)).toBe(REALTIME_RECONNECT_MAX_MS);
    expect(reconnectDelay(50, () => 0.999)).toBeLessThan(
      REALTIME_RECONNECT_MAX_MS + REALTIME_RECONNECT_JITTER_MS,
    );
    // A restarted site is retried within seconds, however long it was down.
    expect(REALTIME_RECONNECT_MAX_MS).toBeLessThanOrEqual(5_000);
  });
});

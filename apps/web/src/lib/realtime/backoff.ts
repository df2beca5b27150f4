import {
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_JITTER_MS,
  REALTIME_RECONNECT_MAX_MS,
} from '@mintcast/contracts';

/** Delay before reconnect attempt `attempt` (0-based): doubling from the base, capped, plus jitter. */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number =>
  Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_BASE_MS * 2 ** attempt) +
  Math.floor(random() * REALTIME_RECONNECT_JITTER_MS);

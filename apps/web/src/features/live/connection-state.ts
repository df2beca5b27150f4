import { CONNECTION_MISMATCH_LIMIT } from '@mintcast/contracts';

/** The room connection as the app tracks it (spec §4). */
export type TConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/**
 * livekit-client's `ConnectionState` values mapped onto ours. (Its enum values are these strings; taking a
 * string keeps this module free of livekit-client, so it loads and tests without it.)
 */
export const toConnectionState = (roomState: string): TConnectionState => {
  switch (roomState) {
    case 'connected':
      return 'connected';
    case 'connecting':
      return 'connecting';
    case 'reconnecting':
    case 'signalReconnecting':
      return 'reconnecting';
    default:
      return 'disconnected';
  }
};

/**
 * Compares the state we track from events with the state the room reports, once per check. After
 * `limit` consecutive disagreements (spec §9: 3) it calls `onMismatch` once and starts counting again;
 * one agreeing check resets the count. Guards against a missed or out-of-order event leaving the UI (and
 * our reconnection logic) believing something the room does not.
 */
export const createMismatchMonitor = (opts: {
  tracked: () => TConnectionState;
  reported: () => TConnectionState;
  onMismatch: () => void;
  limit?: number;
}) => {
  const limit = opts.limit ?? CONNECTION_MISMATCH_LIMIT;
  let streak = 0;
  return {
    /** Run one check; returns the current streak of mismatches. */
    check(): number {
      if (opts.tracked() === opts.reported()) {
        streak = 0;
        return 0;
      }
      streak += 1;
      if (streak >= limit) {
        streak = 0;
        opts.onMismatch();
        return limit;
      }
      return streak;
    },
    reset(): void {
      streak = 0;
    },
  };
};

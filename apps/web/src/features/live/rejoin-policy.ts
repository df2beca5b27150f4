/**
 * When a room connection drops for a reason that can pass (the signalling socket closed because the site or
 * the media server restarted, a join that failed mid-way, a state mismatch), the app joins again by itself
 * instead of leaving the viewer on an error: livekit-client's own reconnect gives up after its ~10 tries,
 * which a restart of the process behind the site's one origin can outlast.
 *
 * Reasons that mean "this session is over" (the host ended the stream, the server removed the participant,
 * another tab took the identity, our own disconnect) are final. Values are livekit's `DisconnectReason`
 * numbers, so this module loads and tests without livekit-client.
 */
const FINAL_REASONS = new Set([
  1, // CLIENT_INITIATED
  2, // DUPLICATE_IDENTITY
  4, // PARTICIPANT_REMOVED
  5, // ROOM_DELETED
  10, // ROOM_CLOSED
]);

/** Rejoins tried after one drop before the connection is reported closed. */
export const REJOIN_ATTEMPTS = 8;

export const shouldRejoin = (reason: number | undefined): boolean =>
  reason === undefined || !FINAL_REASONS.has(reason);

/** Delay before rejoin `attempt` (0-based): 1 s doubling to at most 15 s (1, 2, 4, 8, 15, 15, …; ≈ 75 s in all). */
export const rejoinDelayMs = (attempt: number): number => Math.min(15_000, 1_000 * 2 ** attempt);

/**
 * At most `max` of one kind of request being worked on at once on this instance, and none while the
 * instance is `overloaded`; the rest are refused at the door, before they cost a database statement. Chat
 * posts pass through one of these: however many wallets post, the chat's share of the process (one embedded
 * PGlite, on the main thread, serves every route in turn) stays bounded, so `/api/health` and pages do not
 * queue behind a flood — the chat gets what is left over, not the other way round.
 */
export const createInFlightLimit = (max: number, opts: { overloaded?: () => boolean } = {}) => {
  let count = 0;
  return {
    /** Take a slot; false when all are taken or the instance is overloaded. */
    tryEnter(): boolean {
      if (count >= max || opts.overloaded?.()) return false;
      count += 1;
      return true;
    },
    leave(): void {
      count = Math.max(0, count - 1);
    },
    get count(): number {
      return count;
    },
  };
};

export type InFlightLimit = ReturnType<typeof createInFlightLimit>;

import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Read these queries again, from now. `invalidateQueries` alone joins a read that is already in flight when
 * the query has no data yet (its first read), and that read may have left before whatever prompted this (a
 * pushed ban, a fresh subscription): the stale answer would then stand. So an in-flight read is dropped first.
 * `beforeRefetch` runs once the dropped read is gone (an optimistic write there is not reverted by the drop).
 */
export const readAgain = async (
  client: QueryClient,
  filters: InvalidateQueryFilters,
  beforeRefetch?: () => void,
): Promise<void> => {
  await client.cancelQueries(filters);
  beforeRefetch?.();
  await client.invalidateQueries(filters);
};

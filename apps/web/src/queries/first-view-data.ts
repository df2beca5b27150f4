import { FIRST_VIEW_DATA_ID, type TStream, ZStreamLookup } from '@mintcast/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { streamKeys } from './streams.ts';

/** Runs `task` later, in a task of its own. */
type Defer = (task: () => void) => void;
const inOwnTask: Defer = (task) => setTimeout(task, 0);

/**
 * Seeds the query cache from the stream record the server wrote into the stream page (a JSON data block,
 * decision 017), so React's first render shows the stream — the view the page was pre-rendered with — rather
 * than a skeleton and a request. A missing block, or one without a stream record, seeds nothing: the page
 * fetches as before.
 *
 * The server wrote the record from a validated stream, so the start-up task only checks its shape cheaply (an
 * object with a string `mint`); the full `ZStreamLookup.parse` (~8 ms on a fast machine, x4 on Lighthouse's
 * phone) runs later in a task of its own (`defer`). A record it rejects is dropped from the cache and fetched
 * again; an accepted one replaces the seeded record (the schema's defaults filled in). Returns the record seeded.
 */
export const seedFirstViewData = (
  client: QueryClient,
  doc: Pick<Document, 'getElementById'> = document,
  defer: Defer = inOwnTask,
): TStream | undefined => {
  const text = doc.getElementById(FIRST_VIEW_DATA_ID)?.textContent;
  if (!text) return;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return;
  }
  const raw = typeof data === 'object' && data !== null ? (data as { stream?: unknown }).stream : undefined;
  if (typeof raw !== 'object' || raw === null || typeof (raw as { mint?: unknown }).mint !== 'string') return;
  const queryKey = streamKeys.detail((raw as { mint: string }).mint);
  const seeded = { is_nsfw: false, live_since: null, ...raw } as TStream;
  client.setQueryData(queryKey, seeded);
  defer(() => {
    // Since replaced by the app (a fetch or a live update): nothing of the block left to check.
    if (client.getQueryData(queryKey) !== seeded) return;
    const checked = ZStreamLookup.safeParse(data);
    if (checked.success && checked.data.stream?.mint === (raw as { mint: string }).mint) {
      client.setQueryData(queryKey, checked.data.stream);
    } else {
      void client.resetQueries({ queryKey, exact: true });
    }
  });
  return seeded;
};

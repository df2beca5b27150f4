import { FIRST_VIEW_DATA_ID, ZStreamLookup } from '@mintcast/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { streamKeys } from './streams.ts';

/**
 * Seeds the query cache from the stream record the server wrote into the stream page (a JSON data block,
 * decision 017), so React's first render shows the stream — the view the page was pre-rendered with — rather
 * than a skeleton and a request. A missing or malformed block seeds nothing: the page fetches as before.
 */
export const seedFirstViewData = (client: QueryClient, doc: Pick<Document, 'getElementById'> = document) => {
  const text = doc.getElementById(FIRST_VIEW_DATA_ID)?.textContent;
  if (!text) return;
  let stream: ReturnType<typeof ZStreamLookup.parse>['stream'];
  try {
    stream = ZStreamLookup.parse(JSON.parse(text)).stream;
  } catch {
    return;
  }
  if (stream) client.setQueryData(streamKeys.detail(stream.mint), stream);
};

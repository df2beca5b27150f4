import { ZLiveStatus } from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { streamKeys } from '../../queries/streams.ts';

const RETRY_AFTER_ERROR_MS = 5_000;

/**
 * The stream's live flag, kept fresh by a long-poll on `/api/live/status/{mint}` while the player is
 * shown: a viewer already on the page sees the stream go live (or end) within about a second rather than
 * at the page's next 30 s poll. The page's own stream record still wins whenever it changes.
 */
export const useLiveStatus = (mint: string, recordLive: boolean): boolean => {
  const [live, setLive] = useState(recordLive);
  const known = useRef(recordLive);
  const queryClient = useQueryClient();

  useEffect(() => {
    known.current = recordLive;
    setLive(recordLive);
  }, [recordLive]);

  useEffect(() => {
    const abort = new AbortController();
    const loop = async () => {
      while (!abort.signal.aborted) {
        try {
          const path = `/api/live/status/${encodeURIComponent(mint)}?live=${known.current}`;
          const status = await apiFetch(path, ZLiveStatus, { signal: abort.signal });
          if (status.live !== known.current) {
            known.current = status.live;
            setLive(status.live);
            // The header, cards and counts read the stream record: refresh it now too.
            void queryClient.invalidateQueries({ queryKey: streamKeys.all });
          }
        } catch {
          if (abort.signal.aborted) return;
          await new Promise((r) => setTimeout(r, RETRY_AFTER_ERROR_MS));
        }
      }
    };
    void loop();
    return () => abort.abort();
  }, [mint, queryClient]);

  return live;
};

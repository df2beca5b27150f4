import {
  STREAM_POLL_MS,
  type TStreamSort,
  ZCreatorPage,
  ZStreamLookup,
  ZStreamPage,
  ZStreamRecap,
  ZStreamSearchResult,
  ZStreamStats,
} from '@mintcast/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';
import { useSettings } from '../lib/settings.ts';

export interface StreamListParams {
  limit: number;
  live?: boolean;
  sort?: TStreamSort;
  /** Settings' "Show NSFW streams"; the hooks below fill it in. */
  includeNsfw?: boolean;
}

/** Lists include NSFW streams only when the visitor turned them on in Settings. */
const useNsfwParams = <T extends object>(params: T): T & { includeNsfw?: boolean } => {
  const { showNsfw } = useSettings();
  return showNsfw ? { ...params, includeNsfw: true } : params;
};

/** A creator's page: their profile and streams, live and past (issue 29). */
export const useCreatorQuery = (address: string | undefined) =>
  useQuery({
    queryKey: ['streams', 'creator', address?.toLowerCase()] as const,
    queryFn: ({ signal }) => apiFetch(`/api/creators/${address}`, ZCreatorPage, { signal }),
    enabled: Boolean(address),
    refetchInterval: STREAM_POLL_MS,
  });

/** Query keys of the streams resource; invalidate `streamKeys.all` after any stream write. */
export const streamKeys = {
  all: ['streams'] as const,
  lists: () => [...streamKeys.all, 'list'] as const,
  list: (params: StreamListParams) => [...streamKeys.lists(), params] as const,
  pages: (params: StreamListParams) => [...streamKeys.all, 'pages', params] as const,
  stats: () => [...streamKeys.all, 'stats'] as const,
  search: (q: string, limit: number, includeNsfw = false) =>
    [...streamKeys.all, 'search', { q, limit, includeNsfw }] as const,
  detail: (mint: string) => [...streamKeys.all, 'detail', mint.toLowerCase()] as const,
};

/** `GET /api/streams` URL for a list request (absent params use the server's defaults). */
export const streamListPath = (params: StreamListParams, cursor?: string | null): string => {
  const qs = new URLSearchParams({ limit: String(params.limit) });
  if (params.live !== undefined) qs.set('live', String(params.live));
  if (params.sort) qs.set('sort', params.sort);
  if (params.includeNsfw) qs.set('includeNsfw', 'true');
  if (cursor) qs.set('cursor', cursor);
  return `/api/streams?${qs}`;
};

export const streamSearchPath = (q: string, limit: number, includeNsfw = false): string =>
  `/api/streams/search?${new URLSearchParams({ q, limit: String(limit), ...(includeNsfw ? { includeNsfw: 'true' } : {}) })}`;

/** One page of streams, re-fetched every 30 s (spec §2). */
export const useStreamsQuery = (listParams: StreamListParams) => {
  const params = useNsfwParams(listParams);
  return useQuery({
    queryKey: streamKeys.list(params),
    queryFn: ({ signal }) => apiFetch(streamListPath(params), ZStreamPage, { signal }),
    refetchInterval: STREAM_POLL_MS,
    placeholderData: keepPreviousData,
  });
};

/**
 * Cursor-paginated streams for "Load more" lists, re-fetched every 30 s like the other lists (every loaded
 * page): live flags and audience lines on Explore's cards must not go stale while the page stays open.
 */
export const useStreamPagesQuery = (listParams: StreamListParams) => {
  const params = useNsfwParams(listParams);
  return useInfiniteQuery({
    queryKey: streamKeys.pages(params),
    queryFn: ({ pageParam, signal }) => apiFetch(streamListPath(params, pageParam), ZStreamPage, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: STREAM_POLL_MS,
  });
};

/** `{ live, total }` counts for the home stat cards and the explore results count. */
export const useStreamStatsQuery = () =>
  useQuery({
    queryKey: streamKeys.stats(),
    queryFn: ({ signal }) => apiFetch('/api/streams/stats', ZStreamStats, { signal }),
    refetchInterval: STREAM_POLL_MS,
  });

/** Search on name, symbol and description (live first, then market cap). Blank text does not query. */
export const useStreamSearchQuery = (q: string, limit = 100) => {
  const { showNsfw } = useSettings();
  return useQuery({
    queryKey: streamKeys.search(q, limit, showNsfw),
    queryFn: ({ signal }) => apiFetch(streamSearchPath(q, limit, showNsfw), ZStreamSearchResult, { signal }),
    enabled: q.trim() !== '',
  });
};

/** One stream by mint, polled like the lists (spec §2: the stream page polls every 30 s). */
export const useStreamQuery = (mint: string | undefined) =>
  useQuery({
    queryKey: streamKeys.detail(mint ?? ''),
    // null while no stream exists for the mint yet (answered 200, so waiting on it logs no 404 errors).
    queryFn: async ({ signal }) =>
      (await apiFetch(`/api/streams/${encodeURIComponent(mint ?? '')}/lookup`, ZStreamLookup, { signal }))
        .stream,
    enabled: Boolean(mint),
    refetchInterval: STREAM_POLL_MS,
  });

/** The creator's recap of the stream's current or last broadcast (`GET /api/streams/{mint}/recap`). */
export const useStreamRecapQuery = (mint: string) =>
  useQuery({
    queryKey: [...streamKeys.detail(mint), 'recap'],
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint)}/recap`, ZStreamRecap, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

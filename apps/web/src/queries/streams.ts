import {
  STREAM_POLL_MS,
  type TStreamSort,
  ZStream,
  ZStreamPage,
  ZStreamSearchResult,
  ZStreamStats,
} from '@mintcast/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

export interface StreamListParams {
  limit: number;
  live?: boolean;
  sort?: TStreamSort;
}

/** Query keys of the streams resource; invalidate `streamKeys.all` after any stream write. */
export const streamKeys = {
  all: ['streams'] as const,
  lists: () => [...streamKeys.all, 'list'] as const,
  list: (params: StreamListParams) => [...streamKeys.lists(), params] as const,
  pages: (params: StreamListParams) => [...streamKeys.all, 'pages', params] as const,
  stats: () => [...streamKeys.all, 'stats'] as const,
  search: (q: string, limit: number) => [...streamKeys.all, 'search', { q, limit }] as const,
  detail: (mint: string) => [...streamKeys.all, 'detail', mint.toLowerCase()] as const,
};

/** `GET /api/streams` URL for a list request (absent params use the server's defaults). */
export const streamListPath = (params: StreamListParams, cursor?: string | null): string => {
  const qs = new URLSearchParams({ limit: String(params.limit) });
  if (params.live !== undefined) qs.set('live', String(params.live));
  if (params.sort) qs.set('sort', params.sort);
  if (cursor) qs.set('cursor', cursor);
  return `/api/streams?${qs}`;
};

export const streamSearchPath = (q: string, limit: number): string =>
  `/api/streams/search?${new URLSearchParams({ q, limit: String(limit) })}`;

/** One page of streams, re-fetched every 30 s (spec §2). */
export const useStreamsQuery = (params: StreamListParams) =>
  useQuery({
    queryKey: streamKeys.list(params),
    queryFn: ({ signal }) => apiFetch(streamListPath(params), ZStreamPage, { signal }),
    refetchInterval: STREAM_POLL_MS,
    placeholderData: keepPreviousData,
  });

/** Cursor-paginated streams for "Load more" lists. */
export const useStreamPagesQuery = (params: StreamListParams) =>
  useInfiniteQuery({
    queryKey: streamKeys.pages(params),
    queryFn: ({ pageParam, signal }) => apiFetch(streamListPath(params, pageParam), ZStreamPage, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** `{ live, total }` counts for the home stat cards and the explore results count. */
export const useStreamStatsQuery = () =>
  useQuery({
    queryKey: streamKeys.stats(),
    queryFn: ({ signal }) => apiFetch('/api/streams/stats', ZStreamStats, { signal }),
    refetchInterval: STREAM_POLL_MS,
  });

/** Search on name, symbol and description (live first, then market cap). Blank text does not query. */
export const useStreamSearchQuery = (q: string, limit = 100) =>
  useQuery({
    queryKey: streamKeys.search(q, limit),
    queryFn: ({ signal }) => apiFetch(streamSearchPath(q, limit), ZStreamSearchResult, { signal }),
    enabled: q.trim() !== '',
  });

/** One stream by mint, polled like the lists (spec §2: the stream page polls every 30 s). */
export const useStreamQuery = (mint: string | undefined) =>
  useQuery({
    queryKey: streamKeys.detail(mint ?? ''),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${encodeURIComponent(mint ?? '')}`, ZStream, { signal }),
    enabled: Boolean(mint),
    refetchInterval: STREAM_POLL_MS,
  });

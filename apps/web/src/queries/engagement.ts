import {
  STREAM_POLL_MS,
  type TEngagement,
  ZEngagement,
  ZStreamCounts,
  ZViewerState,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';
import { favoritesKeys } from './favorites.ts';

export type EngagementKind = 'like' | 'subscribe';

export const engagementKeys = {
  all: ['engagement'] as const,
  counts: (mint: string) => [...engagementKeys.all, 'counts', mint.toLowerCase()] as const,
  viewer: (mint: string, address: string) =>
    [...engagementKeys.all, 'viewer', mint.toLowerCase(), address] as const,
};

/** `{ likes, subscribers }` of a stream (exact, 0 by default; spec §7). */
export const useStreamCountsQuery = (mint: string) =>
  useQuery({
    queryKey: engagementKeys.counts(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/counts`, ZStreamCounts, { signal }),
    refetchInterval: STREAM_POLL_MS,
  });

/** Whether the signed-in wallet likes / follows the stream (disabled while signed out). */
export const useViewerStateQuery = (mint: string, address: string | null) =>
  useQuery({
    queryKey: engagementKeys.viewer(mint, address ?? ''),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/viewer-state`, ZViewerState, { signal }),
    enabled: !!address,
  });

/** Like/unlike or follow/unfollow; the answer carries fresh counts and state, written into the cache. */
export const useEngagementMutation = (mint: string, address: string | null) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: EngagementKind; on: boolean }) =>
      apiFetch(`/api/streams/${mint}/${kind}`, ZEngagement, { method: on ? 'POST' : 'DELETE' }),
    onSuccess: (e: TEngagement) => {
      qc.setQueryData(engagementKeys.counts(mint), { likes: e.likes, subscribers: e.subscribers });
      if (address)
        qc.setQueryData(engagementKeys.viewer(mint, address), { liked: e.liked, subscribed: e.subscribed });
      void qc.invalidateQueries({ queryKey: favoritesKeys.all });
    },
  });
};

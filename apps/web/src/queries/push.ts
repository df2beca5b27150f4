import { type TPushStreams, ZNoContent, ZPushKey, ZPushStreams } from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

export const pushKeys = {
  all: ['push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
  streams: () => [...pushKeys.all, 'streams'] as const,
};

/** The site's VAPID public key (null: the site sends no push). Fixed for the life of a deployment. */
export const usePushKeyQuery = () =>
  useQuery({
    queryKey: pushKeys.key(),
    queryFn: ({ signal }) => apiFetch('/api/push/key', ZPushKey, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Register this browser's push subscription for the signed-in wallet. */
export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  apiFetch('/api/push/subscriptions', ZNoContent, { method: 'POST', ...jsonBody(subscription) });

/** Stop pushes to this browser. */
export const deletePushSubscription = (endpoint: string) =>
  apiFetch('/api/push/subscriptions', ZNoContent, { method: 'DELETE', ...jsonBody({ endpoint }) });

/** The followed streams and their own push switches (only asked while this browser's push is on). */
export const usePushStreamsQuery = (enabled: boolean) =>
  useQuery({
    queryKey: pushKeys.streams(),
    queryFn: ({ signal }) => apiFetch('/api/push/streams', ZPushStreams, { signal }),
    enabled,
  });

/** Switch one followed stream's push on or off; the list is written in place. */
export const usePushStreamMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ mint, enabled }: { mint: string; enabled: boolean }) =>
      apiFetch(`/api/push/streams/${mint}`, ZNoContent, { method: 'PUT', ...jsonBody({ enabled }) }),
    onSuccess: (_: null, { mint, enabled }) =>
      qc.setQueryData<TPushStreams>(pushKeys.streams(), (old) =>
        old ? { items: old.items.map((i) => (i.mint === mint ? { ...i, enabled } : i)) } : old,
      ),
  });
};

import { ZNoContent, ZPushKey } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

export const pushKeys = {
  all: ['push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
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

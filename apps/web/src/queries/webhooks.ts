import {
  type TWebhookCreate,
  type TWebhooks,
  ZWebhookCreated,
  ZWebhooks,
  ZWebhookTestSent,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** The signed-in creator's webhook endpoints and last deliveries. Answers never hold a secret but the one at creation. */
export const webhookKeys = { all: ['webhooks'] as const };

/** While a delivery is queued or being retried, the log is read again this often. */
const PENDING_REFRESH_MS = 3_000;

export const useWebhooksQuery = (enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => apiFetch('/api/webhooks', ZWebhooks, { signal }),
    enabled,
    refetchInterval: (q) =>
      q.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'retrying')
        ? PENDING_REFRESH_MS
        : false,
  });

export const useCreateWebhookMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TWebhookCreate) =>
      apiFetch('/api/webhooks', ZWebhookCreated, { method: 'POST', ...jsonBody(input) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

export const useDeleteWebhookMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/webhooks/${encodeURIComponent(id)}`, ZWebhooks, { method: 'DELETE' }),
    onSuccess: (data: TWebhooks) => qc.setQueryData(webhookKeys.all, data),
  });
};

export const useTestWebhookMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/webhooks/${encodeURIComponent(id)}/test`, ZWebhookTestSent, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

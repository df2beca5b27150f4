import {
  type TTradeAlertSettings,
  ZNoContent,
  ZTradeAlertCockpit,
  ZTradeAlertStatus,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** How often a page asks whether the stream's trade alerts run (the answer is cached 5 s by the server). */
const STATUS_REFRESH_MS = 15_000;

export const tradeAlertKeys = {
  status: (mint: string) => ['trade-alerts', mint.toLowerCase(), 'status'] as const,
  cockpit: (mint: string) => ['trade-alerts', mint.toLowerCase(), 'cockpit'] as const,
};

/** Whether the stream's buy and sell alerts run (watching), wait for the chain (paused), or are off. */
export const useTradeAlertStatusQuery = (mint: string) =>
  useQuery({
    queryKey: tradeAlertKeys.status(mint),
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${mint}/trade-alerts/status`, ZTradeAlertStatus, { signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });

/** The creator's settings, the alerts' state and the volume traded from the page (creator only). */
export const useTradeAlertsCockpitQuery = (mint: string) =>
  useQuery({
    queryKey: tradeAlertKeys.cockpit(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/trade-alerts`, ZTradeAlertCockpit, { signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });

export const useSetTradeAlertsMutation = (mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TTradeAlertSettings) =>
      apiFetch(`/api/streams/${mint}/trade-alerts`, ZTradeAlertCockpit, {
        method: 'PUT',
        ...jsonBody(settings),
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(tradeAlertKeys.cockpit(mint), state);
      void queryClient.invalidateQueries({ queryKey: tradeAlertKeys.status(mint) });
    },
  });
};

/**
 * Tell the server the trade panel sent this swap from the stream's page: its alert is marked "from this
 * stream" and counts in the creator's volume. Best effort: a viewer not signed in, or a failure, changes
 * nothing about the trade itself.
 */
export const reportTrade = (mint: string, txHash: string): Promise<void> =>
  apiFetch(`/api/streams/${mint}/trades`, ZNoContent, {
    method: 'POST',
    ...jsonBody({ tx_hash: txHash }),
  }).then(
    () => undefined,
    () => undefined,
  );

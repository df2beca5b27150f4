import { ZOverlayInfo, ZOverlaySettings } from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../lib/api.ts';

export const overlayKeys = {
  settings: (mint: string) => ['overlays', mint.toLowerCase(), 'settings'] as const,
  info: (key: string) => ['overlays', 'by-key', key] as const,
};

/** The creator's overlay links (the key is made on the first visit). */
export const useOverlaySettingsQuery = (mint: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: overlayKeys.settings(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/overlays`, ZOverlaySettings, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** New overlay links: the previous ones answer 404 from now on. */
export const useRegenerateOverlaysMutation = (mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/streams/${mint}/overlays/key`, ZOverlaySettings, { method: 'POST' }),
    onSuccess: (settings) => queryClient.setQueryData(overlayKeys.settings(mint), settings),
  });
};

/** The stream an overlay key shows; null when the key is not a current one (404). Retried on other failures. */
export const useOverlayInfoQuery = (key: string) =>
  useQuery({
    queryKey: overlayKeys.info(key),
    queryFn: ({ signal }) =>
      apiFetch(`/api/overlays/${encodeURIComponent(key)}`, ZOverlayInfo, { signal }).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }),
    retry: true,
    retryDelay: (n) => Math.min(30_000, 1_000 * 2 ** n),
  });

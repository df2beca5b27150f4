import {
  INGEST_HEALTH_POLL_MS,
  type TIngestKey,
  ZIngestHealth,
  ZIngestInfo,
  ZIngestKey,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

/**
 * A stream's WHIP ingest (OBS): its server URL and whether a key exists, a new key, and the current key shown
 * again. A key is kept in this tab's query cache (memory) once shown, never stored by the browser.
 */
export const ingestKeys = {
  all: ['ingest'] as const,
  info: (mint: string) => [...ingestKeys.all, 'info', mint] as const,
  health: (mint: string) => [...ingestKeys.all, 'health', mint] as const,
  /** The key generated in this tab, if any. */
  key: (mint: string) => [...ingestKeys.all, 'key', mint] as const,
};

const path = (mint: string) => `/api/streams/${encodeURIComponent(mint)}/ingest`;

export const fetchIngestInfo = (mint: string, signal?: AbortSignal) =>
  apiFetch(path(mint), ZIngestInfo, { signal });

export const generateStreamKey = (mint: string): Promise<TIngestKey> =>
  apiFetch(`${path(mint)}/key`, ZIngestKey, { method: 'POST' });

export const useIngestQuery = (mint: string | undefined) =>
  useQuery({
    queryKey: ingestKeys.info(mint ?? ''),
    queryFn: ({ signal }) => fetchIngestInfo(mint ?? '', signal),
    enabled: Boolean(mint),
  });

/** What the media server receives from the creator's streaming software, re-read while `live`. */
export const useIngestHealthQuery = (mint: string | undefined, live: boolean) =>
  useQuery({
    queryKey: ingestKeys.health(mint ?? ''),
    queryFn: ({ signal }) => apiFetch(`${path(mint ?? '')}/health`, ZIngestHealth, { signal }),
    enabled: Boolean(mint) && live,
    refetchInterval: INGEST_HEALTH_POLL_MS,
  });

/** The key shown in this tab for `mint` (null after a reload, until it is shown again). */
export const useHeldStreamKey = (mint: string | undefined) =>
  useQuery<TIngestKey | null>({
    queryKey: ingestKeys.key(mint ?? ''),
    queryFn: () => null,
    enabled: Boolean(mint),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The stream's current key, asked of the server again (after a reload), and held for the page. */
export const useRevealKeyMutation = (mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${path(mint)}/key`, ZIngestKey),
    onSuccess: (key) => rememberStreamKey(queryClient, mint, key),
  });
};

/** Generates a new key (the old one stops working) and holds it for the page. */
export const useRegenerateKeyMutation = (mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateStreamKey(mint),
    onSuccess: (key) => rememberStreamKey(queryClient, mint, key),
  });
};

export const rememberStreamKey = (
  queryClient: ReturnType<typeof useQueryClient>,
  mint: string,
  key: TIngestKey,
): void => {
  queryClient.setQueryData(ingestKeys.key(mint), key);
  queryClient.setQueryData(ingestKeys.info(mint), {
    mode: key.mode,
    whipUrl: key.whipUrl,
    hasKey: true,
    keyCreatedAt: key.keyCreatedAt,
  });
};

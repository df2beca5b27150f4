import {
  type TAnnounceTargets,
  type TDiscordConnect,
  type TTelegramConnect,
  ZAnnounceTargets,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** A stream's go-live announcements (Telegram, Discord), creator only. Answers never hold the secrets. */
export const announceKeys = {
  all: ['announce'] as const,
  targets: (mint: string) => [...announceKeys.all, 'targets', mint] as const,
};

const path = (mint: string) => `/api/streams/${encodeURIComponent(mint)}/announce`;

export const useAnnounceTargetsQuery = (mint: string | undefined) =>
  useQuery({
    queryKey: announceKeys.targets(mint ?? ''),
    queryFn: ({ signal }) => apiFetch(path(mint ?? ''), ZAnnounceTargets, { signal }),
    enabled: Boolean(mint),
  });

type Change =
  | { channel: 'telegram'; connect: TTelegramConnect }
  | { channel: 'discord'; connect: TDiscordConnect }
  | { channel: 'telegram' | 'discord'; connect: null }
  | { channel: 'reminders'; enabled: boolean };

/**
 * Connect (PUT) or disconnect (DELETE) one channel, or choose whether scheduled-stream reminders are posted too;
 * the answer replaces the cached targets.
 */
export const useAnnounceMutation = (mint: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Change) =>
      apiFetch(
        `${path(mint)}/${c.channel}`,
        ZAnnounceTargets,
        c.channel === 'reminders'
          ? { method: 'PUT', ...jsonBody({ enabled: c.enabled }) }
          : c.connect
            ? { method: 'PUT', ...jsonBody(c.connect) }
            : { method: 'DELETE' },
      ),
    onSuccess: (targets: TAnnounceTargets) => qc.setQueryData(announceKeys.targets(mint), targets),
  });
};

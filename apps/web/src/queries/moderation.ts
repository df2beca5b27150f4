import {
  DEFAULT_CHAT_RULES,
  type TChatSettingsUpdate,
  type TReportRequest,
  ZChatModeration,
  ZChatRules,
  ZModerationLog,
  ZNoContent,
  ZReportCreated,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';
import { useSession } from '../lib/session/use-session.ts';

/** Query keys of a stream's chat moderation (modes for everyone, tools for its staff). */
export const moderationKeys = {
  all: ['moderation'] as const,
  rules: (mint: string) => ['moderation', mint, 'rules'] as const,
  overview: (mint: string, address: string | null) => ['moderation', mint, 'overview', address] as const,
  log: (mint: string) => ['moderation', mint, 'log'] as const,
};

/** The chat's modes in force; realtime `chat_rules` events write straight into this query. */
export const useChatRulesQuery = (mint: string) =>
  useQuery({
    queryKey: moderationKeys.rules(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/chat-rules`, ZChatRules, { signal }),
    placeholderData: DEFAULT_CHAT_RULES,
    staleTime: 60_000,
  });

/** The signed-in wallet's role in this chat and, for its staff, the lists they manage. */
export const useChatModerationQuery = (mint: string) => {
  const address = useSession()?.user.address ?? null;
  return useQuery({
    queryKey: moderationKeys.overview(mint, address),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/moderation`, ZChatModeration, { signal }),
    enabled: Boolean(address),
  });
};

/** The chat's moderation log (the creator's); every chat tool's mutation refreshes it. */
export const useModerationLogQuery = (mint: string) =>
  useQuery({
    queryKey: moderationKeys.log(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/moderation/log`, ZModerationLog, { signal }),
  });

/** One mutation per chat tool; each refreshes the staff's lists when done. */
export const useChatToolMutation = <T>(mint: string, run: (input: T) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: ['moderation', mint] }),
  });
};

const noContent = (path: string, method: 'PUT' | 'DELETE' | 'POST') => apiFetch(path, ZNoContent, { method });

export const chatTools = (mint: string) => ({
  updateSettings: (input: TChatSettingsUpdate) =>
    apiFetch(`/api/streams/${mint}/chat-settings`, ZChatModeration, { method: 'PUT', ...jsonBody(input) }),
  setShield: (on: boolean) =>
    apiFetch(`/api/streams/${mint}/shield`, ZChatModeration, { method: 'PUT', ...jsonBody({ on }) }),
  setModerator: ({ address, on }: { address: string; on: boolean }) =>
    noContent(`/api/streams/${mint}/moderators/${address}`, on ? 'PUT' : 'DELETE'),
  setBan: ({ address, on }: { address: string; on: boolean }) =>
    noContent(`/api/streams/${mint}/bans/${address}`, on ? 'PUT' : 'DELETE'),
  liftTimeout: (address: string) => noContent(`/api/streams/${mint}/mutes/${address}`, 'DELETE'),
  clear: () => noContent(`/api/streams/${mint}/chat/clear`, 'POST'),
});

export const useReportMutation = () =>
  useMutation({
    mutationFn: (input: TReportRequest) =>
      apiFetch('/api/reports', ZReportCreated, { method: 'POST', ...jsonBody(input) }),
  });

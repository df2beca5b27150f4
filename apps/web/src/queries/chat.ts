import {
  CHAT_HISTORY_DEFAULT_LIMIT,
  type TChatMessage,
  ZChatHistory,
  ZChatMessage,
  ZChatMute,
  ZNoContent,
} from '@mintcast/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

const messagesPath = (mint: string) => `/api/streams/${mint}/messages`;

/** One page of history, newest first (spec §7: default limit 50). */
export const fetchChatHistory = (mint: string, opts: { limit?: number; before?: string } = {}) => {
  const qs = new URLSearchParams({ limit: String(opts.limit ?? CHAT_HISTORY_DEFAULT_LIMIT) });
  if (opts.before) qs.set('before', opts.before);
  return apiFetch(`${messagesPath(mint)}?${qs}`, ZChatHistory);
};

export const usePostChatMessageMutation = (mint: string) =>
  useMutation({
    mutationFn: (content: string): Promise<TChatMessage> =>
      apiFetch(messagesPath(mint), ZChatMessage, { method: 'POST', ...jsonBody({ content }) }),
  });

export const useDeleteChatMessageMutation = (mint: string) =>
  useMutation({
    mutationFn: (id: string) => apiFetch(`${messagesPath(mint)}/${id}`, ZNoContent, { method: 'DELETE' }),
  });

export const useMuteChatAuthorMutation = (mint: string) =>
  useMutation({
    mutationFn: (input: { address: string; minutes: number }) =>
      apiFetch(`/api/streams/${mint}/mutes`, ZChatMute, { method: 'POST', ...jsonBody(input) }),
  });

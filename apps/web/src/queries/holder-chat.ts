import { type THolderChatModes, type THolderTier, ZHolderChatSettings } from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

export const holderChatKeys = {
  settings: (mint: string) => ['holder-chat', mint.toLowerCase()] as const,
};

/** The stream's holder tiers and holder chat modes (public). */
export const useHolderChatQuery = (mint: string) =>
  useQuery({
    queryKey: holderChatKeys.settings(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/holder-chat`, ZHolderChatSettings, { signal }),
  });

/** Holders only and slow mode for non-holders (the creator or a moderator). */
export const useSetHolderModesMutation = (mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (modes: THolderChatModes) =>
      apiFetch(`/api/streams/${mint}/holder-chat/modes`, ZHolderChatSettings, {
        method: 'PUT',
        ...jsonBody(modes),
      }),
    onSuccess: (s) => queryClient.setQueryData(holderChatKeys.settings(mint), s),
  });
};

/** The badge tiers (the creator only); the chat's badges are read again with them. */
export const useSetHolderTiersMutation = (mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tiers: THolderTier[]) =>
      apiFetch(`/api/streams/${mint}/holder-chat/tiers`, ZHolderChatSettings, {
        method: 'PUT',
        ...jsonBody({ tiers }),
      }),
    onSuccess: (s) => {
      queryClient.setQueryData(holderChatKeys.settings(mint), s);
      void queryClient.invalidateQueries({ queryKey: ['holders', mint.toLowerCase()] });
    },
  });
};

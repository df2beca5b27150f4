import {
  type TChatMessage,
  type TPostTip,
  ZChatMessage,
  ZHolders,
  ZTipGoalState,
  ZTipLeaderboard,
  ZTipList,
  ZTipTotal,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** Query keys of tips and holder badges. */
export const tipKeys = {
  /** Everything about the stream's tips: what a tip arriving in chat invalidates. */
  all: (mint: string) => ['tips', mint.toLowerCase()] as const,
  total: (mint: string) => ['tips', mint.toLowerCase(), 'total'] as const,
  received: (mint: string) => ['tips', mint.toLowerCase(), 'received'] as const,
  leaderboard: (mint: string) => ['tips', mint.toLowerCase(), 'leaderboard'] as const,
  goal: (mint: string) => ['tips', mint.toLowerCase(), 'goal'] as const,
  holders: (mint: string, addresses: readonly string[]) =>
    ['holders', mint.toLowerCase(), addresses.join(',')] as const,
};

/** The stream's tip total; the chat invalidates it whenever a tip message arrives. */
export const useTipTotalQuery = (mint: string) =>
  useQuery({
    queryKey: tipKeys.total(mint),
    queryFn: () => apiFetch(`/api/streams/${mint}/tips`, ZTipTotal),
  });

/** Each tip the stream received, newest first: for its creator's cockpit (the server answers 403 to others). */
export const useTipsReceivedQuery = (mint: string, enabled: boolean) =>
  useQuery({
    queryKey: tipKeys.received(mint),
    queryFn: () => apiFetch(`/api/streams/${mint}/tips/received`, ZTipList),
    enabled,
  });

/** The stream's top tippers, this broadcast and all time (refreshed with every tip query of the stream). */
export const useTipLeaderboardQuery = (mint: string) =>
  useQuery({
    queryKey: tipKeys.leaderboard(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/tips/leaderboard`, ZTipLeaderboard, { signal }),
  });

/** The stream's tip goal and its progress (refreshed with every tip query of the stream). */
export const useTipGoalQuery = (mint: string) =>
  useQuery({
    queryKey: tipKeys.goal(mint),
    queryFn: ({ signal }) => apiFetch(`/api/streams/${mint}/tips/goal`, ZTipGoalState, { signal }),
  });

/** The creator sets (a wei amount) or clears (null) the tip goal. */
export const useSetTipGoalMutation = (mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goalWei: string | null) =>
      apiFetch(`/api/streams/${mint}/tips/goal`, ZTipGoalState, {
        method: 'PUT',
        ...jsonBody({ goal_wei: goalWei }),
      }),
    onSuccess: (state) => queryClient.setQueryData(tipKeys.goal(mint), state),
  });
};

export const usePostTipMutation = (mint: string) =>
  useMutation({
    mutationFn: (input: TPostTip): Promise<TChatMessage> =>
      apiFetch(`/api/streams/${mint}/tips`, ZChatMessage, { method: 'POST', ...jsonBody(input) }),
  });

/**
 * Which chat authors hold the stream's token (read on chain by the server, cached there for a minute): each
 * holder's badge tier name, or null when the creator set no tiers or it reaches none.
 */
export const useHoldersQuery = (mint: string, addresses: readonly string[]) =>
  useQuery({
    queryKey: tipKeys.holders(mint, addresses),
    queryFn: () =>
      apiFetch(`/api/streams/${mint}/holders?addresses=${addresses.join(',')}`, ZHolders).then(
        (r) => new Map(r.holders.map((a) => [a, r.badges?.[a] ?? null] as const)),
      ),
    enabled: addresses.length > 0,
    staleTime: 60_000,
    placeholderData: (prev) => prev,
  });

import {
  chatChannelForMint,
  compareMessageIds,
  type TChatMessage,
  type TChatModeration,
} from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { i18n } from '../../lib/i18n/i18n.ts';
import { readAgain } from '../../lib/read-again.ts';
import { useRealtimeChannel } from '../../lib/realtime/use-realtime-channel.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { notify } from '../../lib/toast.ts';
import { fetchChatHistory } from '../../queries/chat.ts';
import { holderChatKeys } from '../../queries/holder-chat.ts';
import { moderationKeys } from '../../queries/moderation.ts';
import { chatReducer, initialChatState } from './chat-state.ts';

export const CHAT_HISTORY_ERROR = 'Failed to load chat history';
/** Gap-fill walks back at most this many pages after a reconnect (then the reader can scroll history). */
const GAP_FILL_MAX_PAGES = 4;

/**
 * Fetch newest-first pages until one reaches `knownId` (the newest message we already have), so a long
 * disconnection leaves no hole.
 */
const fetchSince = async (mint: string, knownId: string | undefined): Promise<TChatMessage[]> => {
  const out: TChatMessage[] = [];
  let before: string | undefined;
  for (let page = 0; page < GAP_FILL_MAX_PAGES; page++) {
    const res = await fetchChatHistory(mint, before ? { before } : {});
    out.push(...res.items);
    const oldest = res.items.at(-1);
    if (!knownId || !res.nextBefore || !oldest || compareMessageIds(oldest.id, knownId) <= 0) break;
    before = res.nextBefore;
  }
  return out;
};

/** History, then live events, with gap-fill on every (re)connection. */
export const useChat = (mint: string) => {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const queryClient = useQueryClient();
  const me = useSession()?.user.address ?? null;
  const newestId = useRef<string | undefined>(undefined);
  newestId.current = state.status === 'ready' ? state.messages.at(-1)?.id : undefined;
  const loadedOnce = useRef(false);
  const inFlight = useRef(0);
  /** The socket (re)subscribed while the first page was loading: that page may predate it, so load again. */
  const reloadAfter = useRef(false);

  const load = useCallback(async () => {
    const ticket = ++inFlight.current;
    try {
      const items = await fetchSince(mint, newestId.current);
      dispatch({ type: 'history_loaded', newestFirst: items });
      loadedOnce.current = true;
      if (reloadAfter.current) {
        reloadAfter.current = false;
        void load();
      }
    } catch (err) {
      if (ticket !== inFlight.current) return;
      dispatch({ type: 'history_failed', message: err instanceof Error ? err.message : CHAT_HISTORY_ERROR });
      if (!loadedOnce.current) notify.error(i18n.t('chat.historyFailed'));
    }
  }, [mint]);

  // History first (spec §2), then every realtime (re)subscription fills what may have been missed.
  useEffect(() => {
    void load();
  }, [load]);

  useRealtimeChannel(
    chatChannelForMint(mint),
    (event) => {
      switch (event.type) {
        case 'message_inserted':
          return dispatch({ type: 'message_inserted', message: event.message });
        case 'message_deleted':
          return dispatch({ type: 'message_deleted', id: event.id });
        case 'presence':
        case 'subscribed':
          return dispatch({ type: 'presence', online: event.online });
        case 'chat_cleared':
          return dispatch({ type: 'cleared' });
        case 'author_hidden':
          // If the banned wallet is this visitor's, their composer closes at once, and the overview read again
          // says whether the ban is this chat's or the whole site's.
          // A read still in flight is dropped, not joined: it may have left before the ban (issue 29).
          void readAgain(queryClient, { queryKey: ['moderation', mint, 'overview'] }, () => {
            if (!me || event.address.toLowerCase() !== me.toLowerCase()) return;
            queryClient.setQueryData<TChatModeration>(moderationKeys.overview(mint, me), (old) =>
              old && !old.self.banned ? { ...old, self: { ...old.self, banned: 'chat' } } : old,
            );
          });
          return dispatch({ type: 'author_hidden', address: event.address });
        case 'chat_rules':
          return queryClient.setQueryData(moderationKeys.rules(mint), event.rules);
        case 'holder_chat':
          // Holders only, non-holder slow mode or the tiers changed: the composer's line, and the badges (tiers).
          queryClient.setQueryData(holderChatKeys.settings(mint), event.settings);
          void queryClient.invalidateQueries({ queryKey: ['holders', mint.toLowerCase()] });
          return;
      }
    },
    (status) => {
      if (status === 'open') {
        dispatch({ type: 'connection', connection: 'live' });
        if (loadedOnce.current) void load();
        else reloadAfter.current = true;
        // A ban, timeout or mode change pushed before this subscription took (while the socket was down, or
        // between the page's first read of them and its first subscription) is read again too.
        void readAgain(queryClient, { queryKey: ['moderation', mint] });
        void readAgain(queryClient, { queryKey: holderChatKeys.settings(mint) });
      } else dispatch({ type: 'connection', connection: status });
    },
  );

  return { state, dispatch, retry: load };
};

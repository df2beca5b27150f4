import { mergeChatMessages, type TChatMessage } from '@mintcast/contracts';

/** Realtime link as the panel shows it. */
export type ChatConnection = 'connecting' | 'live' | 'reconnecting';

/** The chat panel's state: an explicit union of statuses. */
export type ChatState =
  | {
      status: 'loading';
      pending: TChatMessage[];
      deleted: ReadonlySet<string>;
      online: number | null;
      /** The socket may go live before the first page arrives: the panel shows it once that page is in. */
      connection: ChatConnection;
    }
  | { status: 'error'; message: string; online: number | null }
  | {
      status: 'ready';
      messages: TChatMessage[];
      /** Ids deleted by the host, so a late history page cannot bring them back. */
      deleted: ReadonlySet<string>;
      online: number | null;
      connection: ChatConnection;
    };

export type ChatAction =
  | { type: 'history_loaded'; newestFirst: TChatMessage[] }
  | { type: 'history_failed'; message: string }
  | { type: 'message_inserted'; message: TChatMessage }
  | { type: 'message_deleted'; id: string }
  | { type: 'presence'; online: number }
  /** The creator cleared the chat: everything shown so far goes. */
  | { type: 'cleared' }
  /** A wallet was banned: its messages go. */
  | { type: 'author_hidden'; address: string }
  | { type: 'connection'; connection: ChatConnection };

/** How many messages the panel keeps in memory; older ones scroll off. */
export const CHAT_MAX_KEPT = 500;

export const initialChatState: ChatState = {
  status: 'loading',
  pending: [],
  deleted: new Set(),
  online: null,
  connection: 'connecting',
};

const keepNewest = (list: TChatMessage[]) =>
  list.length > CHAT_MAX_KEPT ? list.slice(-CHAT_MAX_KEPT) : list;

/** Pure transitions; every list change goes through `mergeChatMessages` (dedupe by id, order by id). */
export const chatReducer = (state: ChatState, action: ChatAction): ChatState => {
  switch (action.type) {
    case 'history_loaded': {
      const page = [...action.newestFirst].reverse();
      if (state.status === 'ready') {
        return { ...state, messages: keepNewest(mergeChatMessages(state.messages, page, state.deleted)) };
      }
      const deleted = state.status === 'loading' ? state.deleted : new Set<string>();
      const pending = state.status === 'loading' ? state.pending : [];
      return {
        status: 'ready',
        messages: keepNewest(mergeChatMessages(mergeChatMessages([], page), pending, deleted)),
        deleted,
        online: state.online,
        connection: state.status === 'loading' ? state.connection : 'connecting',
      };
    }
    case 'history_failed':
      // A failed gap-fill keeps what is already on screen.
      if (state.status === 'ready') return state;
      return { status: 'error', message: action.message, online: state.online };
    case 'message_inserted':
      if (state.status === 'loading') return { ...state, pending: [...state.pending, action.message] };
      if (state.status === 'error') return state;
      if (state.deleted.has(action.message.id)) return state;
      return { ...state, messages: keepNewest(mergeChatMessages(state.messages, [action.message])) };
    case 'message_deleted': {
      if (state.status === 'error') return state;
      const deleted = new Set(state.deleted).add(action.id);
      if (state.status === 'loading') return { ...state, deleted };
      return { ...state, deleted, messages: state.messages.filter((m) => m.id !== action.id) };
    }
    case 'cleared':
    case 'author_hidden': {
      if (state.status !== 'ready') return state;
      const byAuthor = (m: TChatMessage) =>
        action.type === 'author_hidden' && m.user_address === action.address;
      // A banned author's tips stay, as tips without their words: the BNB was sent (the server's history
      // keeps them the same way).
      const gone = state.messages.filter((m) => action.type === 'cleared' || (byAuthor(m) && !m.tip));
      const blanked = state.messages.some((m) => byAuthor(m) && m.tip && m.content !== '');
      if (gone.length === 0 && !blanked) return state;
      const deleted = new Set(state.deleted);
      for (const m of gone) deleted.add(m.id);
      const messages = state.messages
        .filter((m) => !deleted.has(m.id))
        .map((m) => (byAuthor(m) && m.tip ? { ...m, content: '' } : m));
      return { ...state, deleted, messages };
    }
    case 'presence':
      return state.online === action.online ? state : { ...state, online: action.online };
    case 'connection':
      return state.status !== 'error' && state.connection !== action.connection
        ? { ...state, connection: action.connection }
        : state;
  }
};

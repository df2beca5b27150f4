import { z } from 'zod';
import { ZAddress } from './address.ts';
import { CHAT_HISTORY_DEFAULT_LIMIT, CHAT_HISTORY_MAX_LIMIT, CHAT_MESSAGE_MAX_LENGTH } from './constants.ts';
import { ZRaidLine } from './raids.ts';
import { format, ZQueryInt, ZText } from './text.ts';
import { ZTradeAlert } from './trade-alerts.ts';

/** Largest value of the `bigint` id column (2^63 − 1). */
const MAX_MESSAGE_ID = '9223372036854775807';

/** Order of message ids (decimal bigint text): shorter is smaller, then lexicographic. */
export const compareMessageIds = (a: string, b: string): number =>
  a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;

/** A message id: a bigint identity, sent as decimal text so it never loses precision in JSON. */
export const ZChatMessageId = format(
  'message-id',
  z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/, 'Invalid message id')
    .refine((v) => compareMessageIds(v, MAX_MESSAGE_ID) <= 0, 'Invalid message id'),
);

/** Chat message (spec §3, table messages). Author fields come from the server-side profile. */
export const ZChatMessage = z.object({
  id: ZChatMessageId,
  stream_id: z.string(),
  user_address: z.string(),
  username: z.string().nullable(),
  profile_image: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  /** Set on a tip's message: BNB sent to the creator, verified on chain by the server (issue 18). */
  tip: z.object({ amount_wei: z.string(), tx_hash: z.string() }).nullish(),
  /** Set on a buy or sell alert: a system line the server posts for a swap on the token's pair (issue 34). */
  trade: ZTradeAlert.nullish(),
  /** Set on a raid line: another stream's creator sent their audience here (issue 35 item 4). */
  raid: ZRaidLine.nullish(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** `GET /api/streams/{mint}/messages?limit&before` — `before` is a message id (older page). */
export const ZChatHistoryQuery = z.object({
  limit: ZQueryInt(1, CHAT_HISTORY_MAX_LIMIT, CHAT_HISTORY_DEFAULT_LIMIT),
  before: ZChatMessageId.optional(),
});
export type TChatHistoryQuery = z.infer<typeof ZChatHistoryQuery>;

/** History page: newest first; `nextBefore` fetches the next older page, null when there is none. */
export const ZChatHistory = z.object({
  items: z.array(ZChatMessage),
  nextBefore: ZChatMessageId.nullable(),
});
export type TChatHistory = z.infer<typeof ZChatHistory>;

/** `POST /api/streams/{mint}/messages` body: trimmed, 1–500 characters. */
export const ZPostChatMessage = z.object({
  content: ZText({
    kind: 'multiline',
    min: 1,
    max: CHAT_MESSAGE_MAX_LENGTH,
    minMessage: 'Message cannot be empty',
    maxMessage: `Message cannot be longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`,
  }),
});
export type TPostChatMessage = z.infer<typeof ZPostChatMessage>;

export const ZChatMessageParams = z.object({ mint: ZAddress, id: ZChatMessageId });

/** Longest timeout (mute) a host or moderator can set: 24 hours (issue 16). */
export const CHAT_MUTE_MAX_MINUTES = 24 * 60;
/** Timeout durations offered by the chat's message menu. */
export const CHAT_MUTE_CHOICES_MINUTES = [1, 10, 60, 24 * 60] as const;

/** `POST /api/streams/{mint}/mutes` body (stream creator only). */
export const ZChatMuteRequest = z.object({
  address: ZAddress,
  minutes: z.number().int().min(1).max(CHAT_MUTE_MAX_MINUTES),
});
export type TChatMuteRequest = z.infer<typeof ZChatMuteRequest>;

export const ZChatMute = z.object({
  stream_id: z.string(),
  address: z.string(),
  muted_until: z.string(),
});
export type TChatMute = z.infer<typeof ZChatMute>;

/**
 * Merge messages into a list kept oldest → newest: duplicates (same id) collapse to one, order is by id
 * (the database's insertion order), and ids in `deleted` are dropped. Used for live events, history pages
 * and the gap-fill after a reconnect alike.
 */
export const mergeChatMessages = (
  current: readonly TChatMessage[],
  incoming: readonly TChatMessage[],
  deleted: ReadonlySet<string> = new Set(),
): TChatMessage[] => {
  if (incoming.length === 0 && deleted.size === 0) return current as TChatMessage[];
  const byId = new Map<string, TChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  for (const id of deleted) byId.delete(id);
  return [...byId.values()].sort((a, b) => compareMessageIds(a.id, b.id));
};

/** A 204 answer as the web API client sees it (no body). */
export const ZNoContent = z.null();

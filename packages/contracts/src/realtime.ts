import { z } from 'zod';
import { ZChatMessage, ZChatMessageId } from './chat.ts';
import { ZHolderChatSettings } from './holder-chat.ts';
import { ZChatRules } from './moderation.ts';
import { format, ZText } from './text.ts';

export * from './realtime-constants.ts';

const CHANNEL_RE = /^(stream_(chat|status|overlay|hls)|notifications)_0x[0-9a-f]{40}$/;

/**
 * `stream_chat_{mint}` (chat, presence), `stream_status_{mint}` (live status), `stream_hls_{mint}` (held by an
 * HTTP-tier player: that tier's viewer count), `stream_overlay_{mint}` (a
 * stream's OBS overlays, by their key) or `notifications_{address}` (a signed-in wallet's own notifications),
 * with a canonical (lower-case) address.
 */
export const ZRealtimeChannel = format('channel', z.string().max(128))
  .transform((v) => v.toLowerCase())
  .refine(
    (v) => CHANNEL_RE.test(v),
    'Unknown channel: use stream_chat_{mint}, stream_status_{mint}, stream_hls_{mint}, stream_overlay_{mint} or notifications_{address}',
  );

/** Whether a channel is a wallet's private one (its subscription carries that wallet's access token). */
export const isNotificationsChannel = (channel: string): boolean => channel.startsWith('notifications_');

/** Client → server frames. */
export const ZRealtimeClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    channel: ZRealtimeChannel,
    /**
     * The access token of the wallet whose `notifications_{address}` channel this is, or the overlay key of a
     * `stream_overlay_{mint}` channel (other channels ignore it).
     */
    token: format('access-token', z.string().max(2048)).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), channel: ZRealtimeChannel }),
  z.object({ type: z.literal('ping'), id: z.optional(ZText({ kind: 'line', max: 64 })) }),
]);
export type TRealtimeClientMessage = z.input<typeof ZRealtimeClientMessage>;

/** Server → client events: ONE discriminated union on `type`. */
export const ZRealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: z.string(), online: z.number().int().min(0) }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('message_inserted'), channel: z.string(), message: ZChatMessage }),
  z.object({ type: z.literal('message_deleted'), channel: z.string(), id: ZChatMessageId }),
  /**
   * On `stream_status_{mint}`: the stream went live or offline, or its viewer count changed (whichever server
   * instance saw it). Pages refetch the stream on it; a stream that did not exist before exists now.
   */
  z.object({
    type: z.literal('stream_status'),
    channel: z.string(),
    mint: z.string(),
    live: z.boolean(),
    viewers: z.number().int().min(0),
  }),
  /** Connections subscribed to the channel, summed across server instances. */
  z.object({ type: z.literal('presence'), channel: z.string(), online: z.number().int().min(0) }),
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    channel: z.string().optional(),
  }),
  z.object({ type: z.literal('pong'), id: z.string().optional() }),
  /** The chat's modes changed (slow mode, followers-only): every open chat shows the new ones. */
  z.object({ type: z.literal('chat_rules'), channel: z.string(), rules: ZChatRules }),
  /**
   * The holder chat's modes or tiers changed (holders only, slow mode for non-holders): every open chat shows the
   * new ones above its composer without a reload.
   */
  z.object({ type: z.literal('holder_chat'), channel: z.string(), settings: ZHolderChatSettings }),
  /** The creator cleared the chat: drop every message shown. */
  z.object({ type: z.literal('chat_cleared'), channel: z.string() }),
  /** On `notifications_{address}`: a stream this wallet follows went live. */
  z.object({
    type: z.literal('stream_went_live'),
    channel: z.string(),
    mint: z.string(),
    name: z.string(),
    symbol: z.string(),
    image_uri: z.string(),
  }),
  /**
   * On `stream_status_{mint}`: the creator ended the broadcast by raiding `to`. Pages move there with a banner
   * "Raided by {by}"; sent before the stream's offline status.
   */
  z.object({
    type: z.literal('raid'),
    channel: z.string(),
    from: z.string(),
    to: z.string(),
    by: z.string(),
    viewers: z.number().int().min(0),
  }),
  /** On `stream_overlay_{mint}`: a wallet followed the stream (the alerts overlay shows it). */
  z.object({
    type: z.literal('overlay_follow'),
    channel: z.string(),
    address: z.string(),
    username: z.string().nullable(),
  }),
  /** A wallet was banned (in this chat or site-wide): hide its messages. */
  z.object({ type: z.literal('author_hidden'), channel: z.string(), address: z.string() }),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEvent>;
export type TRealtimeEventType = TRealtimeEvent['type'];

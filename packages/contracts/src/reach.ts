import { z } from 'zod';
import { format } from './text.ts';

/** A URL as the server will call it: printable ASCII, no spaces or control characters. */
const PRINTABLE_URL = /^[\x21-\x7e]+$/;

/** Base64url without padding, as browsers give a push subscription's keys. */
const ZBase64Url = (what: string, bytes: number) =>
  format(
    'base64url-key',
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
      .refine(
        // Unpadded base64 of n bytes is ceil(4n/3) characters (no Buffer: the browser parses this too).
        (v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3),
        `${what} must be ${bytes} bytes`,
      ),
  );

/** `PushSubscription.toJSON()` from the browser (RFC 8030 endpoint, RFC 8291 keys). */
export const ZPushSubscription = z.object({
  endpoint: format(
    'push-endpoint',
    z
      .string()
      .max(2048, 'endpoint is at most 2048 characters')
      .regex(PRINTABLE_URL, 'endpoint must be a URL')
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'https:' || u.protocol === 'http:';
        } catch {
          return false;
        }
      }, 'endpoint must be an https URL'),
  ),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: ZBase64Url('keys.p256dh', 65),
    /** The 16-byte authentication secret. */
    auth: ZBase64Url('keys.auth', 16),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushUnsubscribe = z.object({
  endpoint: format(
    'push-endpoint',
    z.string().min(1).max(2048).regex(PRINTABLE_URL, 'endpoint must be a URL'),
  ),
});

/** `GET /api/push/key`: the VAPID public key browsers subscribe with; null = push is off on this site. */
export const ZPushKey = z.object({ publicKey: z.string().nullable() });
export type TPushKey = z.infer<typeof ZPushKey>;

/** `GET /api/push/streams`: the followed streams and whether each one's go-live is pushed (the per-stream switch). */
export const ZPushStreams = z.object({
  items: z.array(z.object({ mint: z.string(), name: z.string(), symbol: z.string(), enabled: z.boolean() })),
});
export type TPushStreams = z.infer<typeof ZPushStreams>;

export const ZPushStreamSwitch = z.object({ enabled: z.boolean() });

/** What the service worker receives when a followed stream goes live (encrypted end to end). */
export const ZGoLivePushPayload = z.object({
  type: z.literal('stream_went_live'),
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  image_uri: z.string(),
  /** The stream page to open on click. */
  url: z.string(),
});
export type TGoLivePushPayload = z.infer<typeof ZGoLivePushPayload>;

/** A Telegram bot token as BotFather gives it (`123456:AA…`). */
export const ZTelegramConnect = z.object({
  botToken: format(
    'telegram-bot-token',
    z
      .string()
      .trim()
      .regex(/^[0-9]{3,20}:[A-Za-z0-9_-]{30,64}$/, 'botToken is not a Telegram bot token'),
  ),
  /** A channel's `@username` or a numeric chat id (negative for groups and channels). */
  chatId: format(
    'telegram-chat-id',
    z
      .string()
      .trim()
      .regex(/^(@[A-Za-z][A-Za-z0-9_]{4,31}|-?[0-9]{1,20})$/, 'chatId must be @channelname or a numeric id'),
  ),
});
export type TTelegramConnect = z.infer<typeof ZTelegramConnect>;

export const ZDiscordConnect = z.object({
  webhookUrl: format(
    'webhook-url',
    z.string().trim().min(1).max(2048).regex(PRINTABLE_URL, 'webhookUrl must be a URL'),
  ),
});
export type TDiscordConnect = z.infer<typeof ZDiscordConnect>;

/** Where a stream's go-live is announced. Secrets (bot token, webhook URL) are never sent back. */
export const ZAnnounceTargets = z.object({
  telegram: z.object({ chatId: z.string() }).nullable(),
  discord: z.object({ connected: z.literal(true) }).nullable(),
  /** Reminders of the stream's scheduled broadcasts are posted there too (go-lives always are). */
  reminders: z.boolean(),
});
export type TAnnounceTargets = z.infer<typeof ZAnnounceTargets>;

/** `PUT /api/streams/{mint}/announce/reminders`: post scheduled-broadcast reminders to Telegram and Discord. */
export const ZAnnounceReminders = z.object({ enabled: z.boolean() });
export type TAnnounceReminders = z.infer<typeof ZAnnounceReminders>;

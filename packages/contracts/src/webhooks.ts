import { z } from 'zod';
import { format } from './text.ts';

/** A URL as the server will call it: printable ASCII, no spaces or control characters. */
const PRINTABLE_URL = /^[\x21-\x7e]+$/;

/** The events a creator's webhook endpoint may subscribe to (issue 35 item 6). */
export const WEBHOOK_EVENT_TYPES = ['stream.live', 'stream.offline', 'tip', 'follow', 'clip'] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;
/** The event "Send test event" sends (never subscribed to: every endpoint accepts it). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one creator may register. */
export const WEBHOOK_ENDPOINTS_MAX = 5;
/** Deliveries the cockpit's log shows. */
export const WEBHOOK_LOG_SIZE = 25;

export const ZWebhookCreate = z.object({
  url: format('webhook-url', z.string().trim().min(1).max(2048).regex(PRINTABLE_URL, 'url must be a URL')),
  events: z.array(ZWebhookEventType).min(1, 'Choose at least one event').max(WEBHOOK_EVENT_TYPES.length),
});
export type TWebhookCreate = z.infer<typeof ZWebhookCreate>;

/** A registered endpoint as the API shows it: its URL's origin only, never the URL's path or the secret. */
export const ZWebhookEndpoint = z.object({
  id: z.string(),
  /** `https://host/…`: the path may carry a token of the receiver's, so it is not shown again. */
  display: z.string(),
  events: z.array(ZWebhookEventType),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookDeliveryStatus = z.enum(['pending', 'retrying', 'delivered', 'failed']);
export type TWebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatus>;

export const ZWebhookDelivery = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The event id (the `webhook-id` header): the same on every attempt, for the receiver to drop repeats. */
  eventId: z.string(),
  type: z.string(),
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  /** The receiver's last HTTP status, null when it was not reached. */
  lastStatus: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhooks = z.object({
  /** False when the site has no secrets key (ANNOUNCE_SECRETS_KEY): endpoints cannot be registered. */
  enabled: z.boolean(),
  max: z.number().int(),
  endpoints: z.array(ZWebhookEndpoint),
  deliveries: z.array(ZWebhookDelivery),
});
export type TWebhooks = z.infer<typeof ZWebhooks>;

/** The answer to a registration: the endpoint and its signing secret, shown this once. */
export const ZWebhookCreated = z.object({
  endpoint: ZWebhookEndpoint,
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secret: z.string(),
});
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZWebhookTestSent = z.object({ delivery: ZWebhookDelivery });

/** What every delivery's JSON body is: the event type, when it happened, and its data. */
const envelope = <T extends z.ZodType>(type: string, data: T) =>
  z.object({ type: z.literal(type), timestamp: z.string().describe('ISO 8601, UTC'), data });
const ZStreamRef = { mint: z.string().describe('The stream (its token address)') };
export const ZWebhookPayloads = {
  'stream.live': envelope(
    'stream.live',
    z.object({ ...ZStreamRef, name: z.string(), symbol: z.string(), url: z.string() }),
  ),
  'stream.offline': envelope(
    'stream.offline',
    z.object({ ...ZStreamRef, name: z.string(), symbol: z.string(), url: z.string() }),
  ),
  tip: envelope(
    'tip',
    z.object({ ...ZStreamRef, txHash: z.string(), from: z.string(), amountWei: z.string() }),
  ),
  follow: envelope('follow', z.object({ ...ZStreamRef, follower: z.string() })),
  clip: envelope(
    'clip',
    z.object({ ...ZStreamRef, clipId: z.string(), title: z.string(), durationMs: z.number().int() }),
  ),
  [WEBHOOK_TEST_EVENT]: envelope(WEBHOOK_TEST_EVENT, z.object({ endpointId: z.string() })),
} as const;

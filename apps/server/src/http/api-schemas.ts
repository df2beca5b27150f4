import { format } from '@mintcast/contracts';
import { z } from 'zod';

/**
 * Shapes only the server and its operators see (health checks, key sets, raw bodies), documented in the
 * OpenAPI document beside the contracts the web app uses.
 */
export const ZHealth = z.object({ status: z.literal('ok'), db: z.literal('ok') });

export const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  db: z.enum(['ok', 'down']),
  media: z.enum(['ok', 'down']),
});

/** The public half of the access-token signing keys (RFC 7517). */
export const ZJwks = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })),
});

/** A LiveKit webhook: JSON sent as `application/webhook+json`, verified against its signed sha256. */
export const ZWebhookBody = format(
  'webhook-event',
  z.string().meta({ description: 'The webhook event (LiveKit WebhookEvent JSON)' }),
);
export const ZWebhookAck = z.object({ ok: z.literal(true) });

/** A JPEG or WebP picture as the raw body. */
export const ZImageBody = format('image', z.string().meta({ format: 'binary' }));

/** A body of another media type, as text: an SDP offer or answer (WHIP), Prometheus' text format. */
export const ZTextBody = (description: string) => format('text-body', z.string().meta({ description }));

/** `{ ok: true }`: done, nothing more to say. */
export const ZOk = z.object({ ok: z.literal(true) });

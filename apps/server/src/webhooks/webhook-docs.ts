import { ZWebhookPayloads } from '@mintcast/contracts';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

const SIGNATURE_DOC =
  'Signed as Standard Webhooks (decision 029): `webhook-signature: v1,<base64 HMAC-SHA256>` over ' +
  '`{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (`whsec_…`, its base64 part). `webhook-id` ' +
  'is the same on every retry (deliveries are at least once: drop repeats); refuse a timestamp older than 5 minutes.';

const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event a creator's endpoint receives, its JSON body from the
 * same zod contracts the server builds deliveries with.
 */
export const webhookDocs = (): Record<string, OpenAPIV3_1.PathItemObject> =>
  Object.fromEntries(
    Object.entries(ZWebhookPayloads).map(([type, schema]) => [
      type,
      {
        post: {
          summary: `The ${type} event`,
          description: SIGNATURE_DOC,
          tags: ['webhooks'],
          parameters: [
            { in: 'header', name: 'webhook-id', ...header('The event id, the same on every attempt') },
            { in: 'header', name: 'webhook-timestamp', ...header('Unix seconds of this attempt') },
            { in: 'header', name: 'webhook-signature', ...header('`v1,<base64>`') },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(schema, { io: 'output' }) } },
          },
          responses: {
            '2XX': { description: 'Delivered. Anything else (or no answer in 10 s) is retried.' },
          },
        },
      },
    ]),
  ) as Record<string, OpenAPIV3_1.PathItemObject>;

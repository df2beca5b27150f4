import { randomUUID } from 'node:crypto';
import {
  type TWebhookCreate,
  type TWebhookCreated,
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
  type TWebhookEndpoint,
  type TWebhookEventType,
  type TWebhooks,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_LOG_SIZE,
} from '@mintcast/contracts';
import { assertCallable, type OutboundPolicy } from '../announce/outbound-http.ts';
import { seal } from '../auth/secret-box.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { newSecret } from './signing.ts';
import type { DeliveryRow, WebhooksRepository } from './webhooks.repository.ts';

/** What each sealed field of an endpoint is bound to (the AES-GCM associated data). */
export const sealContext = (id: string, field: 'url' | 'secret') => `webhook:${id}:${field}`;

/** `https://host/…`: the origin only, as the cockpit shows an endpoint. */
const displayOf = (url: string): string => {
  const u = new URL(url);
  return u.pathname === '/' && !u.search ? u.origin : `${u.origin}/…`;
};

const toEndpoint = (r: {
  id: string;
  url_display: string;
  events: string[];
  created_at: Date;
}): TWebhookEndpoint => ({
  id: r.id,
  display: r.url_display,
  events: r.events as TWebhookEventType[],
  createdAt: new Date(r.created_at).toISOString(),
});

export const toDelivery = (r: DeliveryRow): TWebhookDelivery => ({
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  type: r.event_type,
  status: r.status as TWebhookDeliveryStatus,
  attempts: r.attempts,
  lastStatus: r.last_status,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * The rules of a creator's webhooks: endpoints are the signed-in wallet's own (events come from the streams it
 * created), a few at most, public https URLs only (checked here and again, after DNS, at each delivery), the
 * URL and the secret sealed at rest, the secret shown once, at registration.
 */
export const createWebhooksService = (deps: {
  repo: WebhooksRepository;
  secretsKey: Buffer | null;
  policy: OutboundPolicy;
  /** Queue a delivery that is already in the log (the "Send test event" button). */
  enqueue: (deliveryIds: string[]) => Promise<void>;
}) => {
  const key = (): Buffer => {
    if (!deps.secretsKey)
      throw new AppError(503, 'webhooks_disabled', 'Webhooks are not set up on this site');
    return deps.secretsKey;
  };

  const view = async (creator: string): Promise<TWebhooks> => {
    const [endpoints, deliveries] = await Promise.all([
      deps.repo.endpoints(creator),
      deps.repo.deliveries(creator, WEBHOOK_LOG_SIZE),
    ]);
    return {
      enabled: deps.secretsKey !== null,
      max: WEBHOOK_ENDPOINTS_MAX,
      endpoints: endpoints.map(toEndpoint),
      deliveries: deliveries.map(toDelivery),
    };
  };

  return {
    view,

    async create(creator: string, input: TWebhookCreate): Promise<TWebhookCreated> {
      const k = key();
      await assertCallable(input.url, deps.policy, 'url');
      if ((await deps.repo.countEndpoints(creator)) >= WEBHOOK_ENDPOINTS_MAX)
        throw badRequest(`At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`);
      const id = randomUUID();
      const secret = newSecret();
      const row = await deps.repo.insertEndpoint({
        id,
        creator_address: creator,
        url_sealed: seal(k, input.url, sealContext(id, 'url')),
        url_display: displayOf(input.url),
        secret_sealed: seal(k, secret, sealContext(id, 'secret')),
        events: [...new Set(input.events)],
      });
      return { endpoint: toEndpoint(row), secret };
    },

    async remove(creator: string, id: string): Promise<TWebhooks> {
      if (!(await deps.repo.deleteEndpoint(creator, id))) throw notFound('Webhook endpoint not found');
      return view(creator);
    },

    async sendTest(creator: string, id: string): Promise<{ delivery: TWebhookDelivery }> {
      key();
      const endpoint = await deps.repo.findEndpoint(creator, id);
      if (!endpoint) throw notFound('Webhook endpoint not found');
      const row = await deps.repo.insertTestDelivery({
        endpoint_id: id,
        creator_address: creator,
        event_id: randomUUID(),
        data: { endpointId: id },
      });
      await deps.enqueue([row.id]);
      return { delivery: toDelivery(row) };
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;

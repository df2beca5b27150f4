import {
  ZRecordingIdParams,
  ZWebhookCreate,
  ZWebhookCreated,
  ZWebhooks,
  ZWebhookTestSent,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * A creator's webhooks: `GET /api/webhooks` (endpoints and the last deliveries), `POST /api/webhooks` (register;
 * the answer carries the signing secret, this once), `DELETE /api/webhooks/{id}`, `POST /api/webhooks/{id}/test`.
 */
export const webhooksRoutes = (app: FastifyInstance, webhooks: WebhooksService): void => {
  const tags = ['webhooks'];
  const auth = { preHandler: app.requireSession };
  const actor = (request: { session: { address: string } | null }) => request.session!.address;
  const idOf = (params: unknown) => ZRecordingIdParams.parse(params).id;

  app.get(
    '/api/webhooks',
    { ...auth, schema: routeSchema({ tags, response: { 200: ZWebhooks } }) },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await webhooks.view(actor(request))),
  );
  app.post(
    '/api/webhooks',
    { ...auth, schema: routeSchema({ tags, body: ZWebhookCreate, response: { 201: ZWebhookCreated } }) },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await webhooks.create(actor(request), ZWebhookCreate.parse(request.body))),
  );
  app.delete(
    '/api/webhooks/:id',
    { ...auth, schema: routeSchema({ tags, params: ZRecordingIdParams, response: { 200: ZWebhooks } }) },
    async (request) => webhooks.remove(actor(request), idOf(request.params)),
  );
  app.post(
    '/api/webhooks/:id/test',
    {
      ...auth,
      schema: routeSchema({ tags, params: ZRecordingIdParams, response: { 202: ZWebhookTestSent } }),
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.sendTest(actor(request), idOf(request.params))),
  );
};

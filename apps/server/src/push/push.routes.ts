import {
  ZMintParams,
  ZNoContent,
  ZPushKey,
  ZPushStreamSwitch,
  ZPushStreams,
  ZPushSubscription,
  ZPushUnsubscribe,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import type { OutboundPolicy } from '../announce/outbound-http.ts';
import type { ReachConfig } from '../announce/reach-env.ts';
import { routeSchema } from '../http/api-docs.ts';
import type { PushRepository } from './push.repository.ts';
import { createPushService } from './push.service.ts';

/**
 * `GET /api/push/key` (the VAPID public key, null when push is off) and the signed-in wallet's browsers:
 * `POST /api/push/subscriptions` to allow notifications in this browser, `DELETE` with its endpoint to stop.
 */
export const pushRoutes = (
  app: FastifyInstance,
  deps: { repo: PushRepository; vapid: ReachConfig['vapid']; policy: OutboundPolicy },
): void => {
  const push = createPushService(deps);
  app.get(
    '/api/push/key',
    { schema: routeSchema({ tags: ['push'], response: { 200: ZPushKey } }) },
    async () => ({
      publicKey: deps.vapid?.publicKey ?? null,
    }),
  );
  app.post(
    '/api/push/subscriptions',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['push'], body: ZPushSubscription, response: { 204: ZNoContent } }),
    },
    async (request, reply) => {
      await push.subscribe(request.session!.address, ZPushSubscription.parse(request.body));
      return reply.status(204).send();
    },
  );
  app.delete(
    '/api/push/subscriptions',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['push'], body: ZPushUnsubscribe, response: { 204: ZNoContent } }),
    },
    async (request, reply) => {
      await push.unsubscribe(request.session!.address, ZPushUnsubscribe.parse(request.body).endpoint);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/push/streams',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['push'], response: { 200: ZPushStreams } }),
    },
    async (request) => push.streams(request.session!.address),
  );
  app.put(
    '/api/push/streams/:mint',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['push'],
        params: ZMintParams,
        body: ZPushStreamSwitch,
        response: { 204: ZNoContent },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const { enabled } = ZPushStreamSwitch.parse(request.body);
      await push.setStreamEnabled(request.session!.address, mint, enabled);
      return reply.status(204).send();
    },
  );
};

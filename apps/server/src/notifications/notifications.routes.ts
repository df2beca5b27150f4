import { ZNotificationList } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { NotificationsService } from './notifications.service.ts';

/** HTTP only: the signed-in wallet's notifications (the top bar's bell). */
export const notificationsRoutes = async (
  app: FastifyInstance,
  opts: { notifications: NotificationsService },
) => {
  app.get(
    '/api/notifications',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['notifications'], response: { 200: ZNotificationList } }),
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send({ items: await opts.notifications.list(request.session!.address) }),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createGoLivePush } from './go-live-push.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

/**
 * Go-live notifications to followers with the site open, over their `notifications_{address}` channel, and the
 * bell's list of a wallet's recent notifications.
 */
const notifications: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repo = createNotificationsRepository(ctx.database.db);
  await app.register(notificationsRoutes, { notifications: createNotificationsService(repo, ctx.now) });
  const push = createGoLivePush({
    streams: ctx.streams,
    repo,
    pubsub: app.realtime.pubsub,
    hub: app.realtime.hub,
    onError: (err) => app.log.warn({ err }, 'notifications: go-live push failed'),
  });
  await push.start();
  app.addHook('onClose', () => push.stop());
};

export const notificationsPlugin = fp(notifications, {
  name: PLUGIN.notifications,
  dependencies: [PLUGIN.auth, PLUGIN.realtime],
  encapsulate: true,
});

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createGoLivePush } from './go-live-push.ts';
import { createNotificationsRepository } from './notifications.repository.ts';

/** Go-live notifications to followers with the site open, over their `notifications_{address}` channel. */
const notifications: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const push = createGoLivePush({
    streams: ctx.streams,
    repo: createNotificationsRepository(ctx.database.db),
    pubsub: app.realtime.pubsub,
    hub: app.realtime.hub,
    onError: (err) => app.log.warn({ err }, 'notifications: go-live push failed'),
  });
  await push.start();
  app.addHook('onClose', () => push.stop());
};

export const notificationsPlugin = fp(notifications, {
  name: PLUGIN.notifications,
  dependencies: [PLUGIN.realtime],
  encapsulate: true,
});

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createChatModerationService } from './chat-moderation.service.ts';
import { createModerationRepository } from './moderation.repository.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { createModerationLog } from './moderation-log.repository.ts';
import { MODERATION_TOPIC, toModerationEvents } from './moderation-notification.ts';

/**
 * Creator chat tools, and the fan-out of moderation changes (chat modes, clear, hidden authors) from the
 * database's NOTIFY to this instance's open chats. Needs the realtime plugin registered before it.
 */
const moderation: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { pubsub, hub } = app.realtime;
  const moderation = createChatModerationService({
    repo: createModerationRepository(ctx.database.db),
    log: createModerationLog(ctx.database.db),
    access: ctx.access,
    pubsub,
    now: ctx.now,
  });
  const unsubscribe = await pubsub.subscribe(MODERATION_TOPIC, (payload) => {
    for (const event of toModerationEvents(payload, hub.localChannels))
      if ('channel' in event && event.channel) hub.deliver(event.channel, event);
  });
  app.addHook('onClose', async () => unsubscribe());
  await app.register(moderationRoutes, { moderation });
};

export const moderationPlugin = fp(moderation, {
  name: PLUGIN.moderation,
  dependencies: [PLUGIN.auth, PLUGIN.realtime],
  encapsulate: true,
});

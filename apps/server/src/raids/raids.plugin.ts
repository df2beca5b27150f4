import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { CHAT_TOPIC } from '../chat/chat-notification.ts';
import { PLUGIN } from '../plugin-names.ts';
import { NOTIFY_MAX_PAYLOAD_BYTES } from '../realtime/pubsub.ts';
import { createRaidsRepository } from './raids.repository.ts';
import { raidsRoutes } from './raids.routes.ts';
import { createRaidsService, RAID_TOPIC, raidEventOf } from './raids.service.ts';

/**
 * Raids (issue 35 item 4): the route, and the fan-out of raid NOTIFYs to this instance's pages open on the
 * raiding stream (whichever instance took the raid).
 */
const raids: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { pubsub, hub } = app.realtime;
  const unsubscribe = await pubsub.subscribe(RAID_TOPIC, (payload) => {
    const event = raidEventOf(payload);
    if (event && event.type === 'raid') hub.deliver(event.channel, event);
  });
  app.addHook('onClose', async () => unsubscribe());
  raidsRoutes(
    app,
    createRaidsService({
      repo: createRaidsRepository(ctx.database.db),
      access: ctx.access,
      streams: ctx.streams,
      pubsub,
      chatTopic: CHAT_TOPIC,
      maxPayloadBytes: NOTIFY_MAX_PAYLOAD_BYTES,
      now: ctx.now,
    }),
  );
};

export const raidsPlugin = fp(raids, {
  name: PLUGIN.raids,
  // Its route checks sessions and site bans; its lines go out through the chat's channel, its events through
  // realtime.
  dependencies: [PLUGIN.auth, PLUGIN.platformBans, PLUGIN.realtime, PLUGIN.chat],
  encapsulate: true,
});

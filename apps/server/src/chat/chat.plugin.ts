import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { holderChatCheck } from '../holder-chat/holder-chat.policy.ts';
import { holdersFor } from '../holder-chat/holders-for.ts';
import { chatRulesFor } from '../moderation/chat-rules.service.ts';
import { createModerationLog } from '../moderation/moderation-log.repository.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createChatRepository } from './chat.repository.ts';
import { CHAT_MAX_LOOP_LAG_MS, CHAT_POSTS_IN_FLIGHT, chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';
import { CHAT_TOPIC, toRealtimeEvent } from './chat-notification.ts';
import { createInFlightLimit } from './in-flight.ts';
import { createLoopLag } from './loop-lag.ts';

/**
 * Chat: history, posting and moderation routes, plus the fan-out of chat NOTIFYs to this instance's
 * sockets.
 */
const chat: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { pubsub, hub } = app.realtime;
  const repo = createChatRepository(ctx.database.db);
  const chat = createChatService(repo, pubsub, {
    rules: chatRulesFor(ctx),
    access: ctx.access,
    log: createModerationLog(ctx.database.db),
    now: ctx.now,
    holderCheck: holderChatCheck(holdersFor(ctx)),
  });

  // One chain per instance: events that need a row fetch cannot overtake the ones behind them.
  let chain: Promise<void> = Promise.resolve();
  const unsubscribe = await pubsub.subscribe(CHAT_TOPIC, (payload) => {
    chain = chain
      .then(async () => {
        const event = await toRealtimeEvent(payload, chat.findMessage);
        if (event && event.type !== 'error' && 'channel' in event)
          ctx.metrics.chatDeliveries.inc(hub.deliver(event.channel, event));
      })
      .catch((err) => app.log.warn({ err }, 'chat: fan-out failed'));
  });
  app.addHook('onClose', async () => {
    await unsubscribe();
    await chain;
  });

  // Chat posts are shed while the event loop runs late, so a flood cannot slow health checks and pages.
  // Not in tests: many apps share one test process, and one's work must not refuse another's posts.
  const lag = ctx.config.env === 'test' ? null : createLoopLag();
  app.addHook('onClose', async () => lag?.stop());
  const inFlight = createInFlightLimit(CHAT_POSTS_IN_FLIGHT, {
    overloaded: () => (lag?.lagMs() ?? 0) > CHAT_MAX_LOOP_LAG_MS,
  });
  await app.register(chatRoutes, { chat, onPosted: () => ctx.metrics.chatPosts.inc(), inFlight });
};

export const chatPlugin = fp(chat, {
  name: PLUGIN.chat,
  dependencies: [PLUGIN.auth, PLUGIN.realtime],
  encapsulate: true,
});

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { createModerationLog } from '../moderation/moderation-log.repository.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createHolderChatRepository } from './holder-chat.repository.ts';
import { holderChatRoutes } from './holder-chat.routes.ts';
import { createHolderChatService } from './holder-chat.service.ts';
import { holdersFor } from './holders-for.ts';

/**
 * Holder-aware chat (issue 34 item 4, decision 030): badges by tier of the stream's token balance and the
 * creator's settings. The modes themselves are enforced on every chat post by the chat (holder-chat.policy.ts).
 */
const holderChat: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  holderChatRoutes(
    app,
    createHolderChatService({
      repo: createHolderChatRepository(ctx.database.db),
      holders: holdersFor(ctx),
      access: ctx.access,
      log: createModerationLog(ctx.database.db),
      pubsub: app.realtime.pubsub,
    }),
  );
};

export const holderChatPlugin = fp(holderChat, {
  name: PLUGIN.holderChat,
  dependencies: [PLUGIN.auth, PLUGIN.chat, PLUGIN.realtime],
  encapsulate: true,
});

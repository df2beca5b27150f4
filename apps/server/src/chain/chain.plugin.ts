import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { createChatRepository } from '../chat/chat.repository.ts';
import { CHAT_TOPIC } from '../chat/chat-notification.ts';
import { chainReaderFor } from '../holder-chat/holders-for.ts';
import { chatRulesFor } from '../moderation/chat-rules.service.ts';
import { PLUGIN } from '../plugin-names.ts';
import { NOTIFY_MAX_PAYLOAD_BYTES } from '../realtime/pubsub.ts';
import { chainRoutes } from './chain.routes.ts';
import { isWrongChain } from './chain-reader.ts';
import { createTipsRepository } from './tips.repository.ts';
import { createTipsService } from './tips.service.ts';

/**
 * The chain in the product (issue 18): tips verified on BNB Smart Chain become chat messages (delivered by the
 * chat fan-out like any message). Holder badges: holder-chat/. Trades never touch the server.
 */
const chain: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reader = chainReaderFor(ctx);
  // Checked at start-up so a BSC_RPC_URL on another chain is said at once, not at the first tip; the reader
  // refuses every read on a wrong chain anyway, and asks again later when the node cannot be reached now.
  reader.verifyChain().catch((err: unknown) => {
    if (isWrongChain(err)) app.log.error({ err }, (err as Error).message);
    else
      app.log.warn(
        { err },
        'BSC_RPC_URL could not be reached at start-up; its chain id is checked on first use',
      );
  });
  const repo = createTipsRepository(ctx.database.db, createChatRepository(ctx.database.db));
  const tips = createTipsService(repo, reader, {
    confirmations: ctx.config.chain.tipConfirmations,
    channel: app.realtime.pubsub.channelOf(CHAT_TOPIC),
    maxPayloadBytes: NOTIFY_MAX_PAYLOAD_BYTES,
    rules: chatRulesFor(ctx), // a tip's line is a chat message: the chat's own rules decide on it
    now: ctx.now,
    access: ctx.access,
  });
  // Holder badges: the holder-chat plugin (its own RPC budget, not the tips').
  await app.register(chainRoutes, { tips });
};

export const chainPlugin = fp(chain, {
  name: PLUGIN.chain,
  // chat delivers a tip's message
  dependencies: [PLUGIN.auth, PLUGIN.realtime, PLUGIN.chat],
  encapsulate: true,
});

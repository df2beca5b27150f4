import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Address } from 'viem';
import type { AppContext } from '../app-context.ts';
import { createSwapReader } from '../chain/swap-reader.ts';
import { CHAT_TOPIC } from '../chat/chat-notification.ts';
import { createLeaderLock } from '../db/advisory-lock.ts';
import { holdersFor } from '../holder-chat/holders-for.ts';
import { PLUGIN } from '../plugin-names.ts';
import { NOTIFY_MAX_PAYLOAD_BYTES } from '../realtime/pubsub.ts';
import { createTradeAlertsRepository } from './trade-alerts.repository.ts';
import { tradeAlertsRoutes } from './trade-alerts.routes.ts';
import { createTradeAlertsService } from './trade-alerts.service.ts';
import { createTradeAlertsJob } from './trade-alerts-job.ts';

/**
 * Buy and sell alerts in chat (issue 34 item 1, decision 028): the leader instance polls the live streams'
 * PancakeSwap V2 pairs and posts their swaps as chat lines, delivered by the chat fan-out like any message.
 */
const tradeAlerts: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const chain = ctx.config.chain;
  const repo = createTradeAlertsRepository(ctx.database.db);
  const reader = createSwapReader(chain.rpcUrl);
  const channel = app.realtime.pubsub.channelOf(CHAT_TOPIC);
  const pollIntervalMs = chain.tradeAlertPollMs ?? 0;
  const job = createTradeAlertsJob({
    repo,
    reader,
    lock: createLeaderLock(ctx.database, 'trade-alerts'),
    factory: chain.factory as Address,
    wbnb: chain.wbnb as Address,
    channel,
    maxPayloadBytes: NOTIFY_MAX_PAYLOAD_BYTES,
    pollIntervalMs,
    now: ctx.now,
    log: app.log,
  });
  tradeAlertsRoutes(
    app,
    createTradeAlertsService({
      repo,
      reader,
      access: ctx.access,
      watching: pollIntervalMs > 0,
      channel,
      maxPayloadBytes: NOTIFY_MAX_PAYLOAD_BYTES,
      now: ctx.now,
      onTrade: (mint, trader) => holdersFor(ctx).forget(mint, trader),
    }),
  );
  job.start();
  app.addHook('onClose', () => job.stop());
};

export const tradeAlertsPlugin = fp(tradeAlerts, {
  name: PLUGIN.tradeAlerts,
  // Its routes check sessions; its lines go out through the chat's NOTIFY channel.
  dependencies: [PLUGIN.auth, PLUGIN.realtime, PLUGIN.chat],
  encapsulate: true,
});

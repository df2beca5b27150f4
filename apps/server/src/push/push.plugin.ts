import type { FastifyPluginAsync } from 'fastify';
import { outboundPolicy } from '../announce/announce.plugin.ts';
import type { AppContext } from '../app-context.ts';
import { createPushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';

/** Web Push subscriptions of signed-in wallets (the sending is the announce job's). */
export const pushPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  pushRoutes(app, {
    repo: createPushRepository(ctx.database.db),
    vapid: ctx.config.reach?.vapid ?? null,
    policy: outboundPolicy(ctx),
  });
};

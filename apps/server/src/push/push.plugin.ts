import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { outboundPolicy } from '../announce/announce.plugin.ts';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createPushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';

/** Web Push subscriptions of signed-in wallets (the sending is the announce job's). */
const push: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  pushRoutes(app, {
    repo: createPushRepository(ctx.database.db),
    vapid: ctx.config.reach?.vapid ?? null,
    policy: outboundPolicy(ctx),
  });
};

export const pushPlugin = fp(push, {
  name: PLUGIN.push,
  dependencies: [PLUGIN.auth],
  encapsulate: true,
});

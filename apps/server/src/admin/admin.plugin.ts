import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { createMediaGateway } from '../live/media-gateway.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';

/** Platform administration (`/api/admin/*`) for the wallets named in `ADMIN_ADDRESSES`. */
const admin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = createAdminService({
    repo: createAdminRepository(ctx.database.db),
    streams: ctx.streams,
    gateway: createMediaGateway(ctx.config.livekit),
    pubsub: app.realtime.pubsub,
    now: ctx.now,
    log: app.log,
  });
  await app.register(adminRoutes, { admin, access: ctx.access });
};

export const adminPlugin = fp(admin, {
  name: PLUGIN.admin,
  dependencies: [PLUGIN.auth, PLUGIN.realtime],
  encapsulate: true,
});

import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { createMediaGateway } from '../live/media-gateway.ts';
import '../realtime/realtime.plugin.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';

/** Platform administration (`/api/admin/*`) for the wallets named in `ADMIN_ADDRESSES`. */
export const adminPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = createAdminService({
    repo: createAdminRepository(ctx.database.db),
    streams: ctx.streams,
    gateway: createMediaGateway(ctx.config.livekit),
    pubsub: app.realtime.pubsub,
    now: ctx.now,
    log: app.log,
  });
  await app.register(adminRoutes, { admin, admins: new Set(ctx.config.adminAddresses) });
};

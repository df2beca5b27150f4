import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { createLiveRepository } from './live.repository.ts';
import { liveRoutes } from './live.routes.ts';
import { createLiveService } from './live.service.ts';
import { createLivePresence } from './live-presence.ts';
import { createLiveStatus } from './live-status.ts';
import { createMediaGateway } from './media-gateway.ts';
import { createThumbnailsService } from './thumbnails.service.ts';

/**
 * Live video: media access tokens and rooms (`/api/live/token`, `/api/live/rooms`), the media webhooks
 * that keep the live flag and viewer count true, and live thumbnails for the cards.
 */
export const livePlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const gateway = createMediaGateway(ctx.config.livekit);
  const repo = createLiveRepository(ctx.database.db);
  const hostGraceMs = ctx.config.liveHostGraceMs;
  const presence = createLivePresence({ repo, streams: ctx.streams, hostGraceMs, log: app.log });
  const live = createLiveService({ gateway, streams: ctx.streams, log: app.log });
  const thumbnails = createThumbnailsService({ repo, streams: ctx.streams });
  const status = createLiveStatus({ streams: ctx.streams });
  await app.register(liveRoutes, { live, presence, thumbnails, gateway, status });
  app.addHook('onClose', async () => {
    presence.close();
    status.close();
  });
};

import { httpViewersChannelForMint, mintOfHttpViewersChannel } from '@mintcast/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createLiveRepository } from './live.repository.ts';
import { liveRoutes } from './live.routes.ts';
import { createLiveService } from './live.service.ts';
import { createLivePresence } from './live-presence.ts';
import { createMediaGateway } from './media-gateway.ts';
import { startReconcileJob } from './reconcile-job.ts';
import { createStatusPush } from './status-push.ts';
import { createThumbnailsService } from './thumbnails.service.ts';

/**
 * Live video: media access tokens and rooms (`/api/live/token`, `/api/live/rooms`), the media webhooks
 * that keep the live flag and viewer count true (pushed to open pages as `stream_status`), and live
 * thumbnails for the cards.
 */
const live: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const gateway = createMediaGateway(ctx.config.livekit);
  const repo = createLiveRepository(ctx.database.db);
  const hostGraceMs = ctx.config.liveHostGraceMs;
  // HTTP-tier players hold their stream's `stream_hls_` channel: its presence, summed over instances, is that
  // tier's audience (a CDN in front hides them from the origin), counted in the stream's viewers.
  const httpViewers = (mint: string) => app.realtime.presence.total(httpViewersChannelForMint(mint));
  const presence = createLivePresence({
    repo,
    streams: ctx.streams,
    hostGraceMs,
    httpViewers,
    log: app.log,
    isBanned: (address) => app.isBanned(address),
    removeParticipant: (room, identity) => gateway.removeParticipant(room, identity),
  });
  const live = createLiveService({
    gateway,
    streams: ctx.streams,
    access: ctx.access,
    httpPlaceFor: (mint) => app.httpTier.httpPlaceFor(mint),
    log: app.log,
  });
  const thumbnails = createThumbnailsService({
    repo,
    streams: ctx.streams,
    access: ctx.access,
    now: ctx.now,
  });
  const statusPush = createStatusPush({
    streams: ctx.streams,
    pubsub: app.realtime.pubsub,
    hub: app.realtime.hub,
    onError: (err) => app.log.warn({ err }, 'live: status announcement failed'),
  });
  await statusPush.start();
  await app.register(liveRoutes, {
    live,
    presence,
    thumbnails,
    gateway,
    webhooksPerMinute: ctx.caps.webhooksPerMinute,
    webhookListeners: ctx.mediaWebhooks,
  });
  const reconcile = startReconcileJob({
    database: ctx.database,
    intervalMs: ctx.config.liveReconcileIntervalMs,
    deps: { gateway, repo, streams: ctx.streams, hostGraceMs, now: Date.now, httpViewers },
    log: app.log,
  });
  const stopCounting = app.realtime.presence.onTotalChange((channel) => {
    const mint = mintOfHttpViewersChannel(channel);
    if (!mint) return;
    presence
      .httpViewersChanged(mint)
      .catch((err) => app.log.warn({ err, mint }, 'live: http viewer count failed'));
  });
  ctx.metrics.setViewerSource('webrtc', () => repo.countViewers());
  ctx.metrics.setViewerSource('http', () =>
    app.realtime.presence
      .channels()
      .filter((c) => mintOfHttpViewersChannel(c) !== null)
      .reduce((sum, c) => sum + app.realtime.presence.total(c), 0),
  );
  app.addHook('onClose', async () => {
    stopCounting();
    await reconcile.stop();
    presence.close();
    await statusPush.stop();
  });
};

export const livePlugin = fp(live, {
  name: PLUGIN.live,
  dependencies: [PLUGIN.auth, PLUGIN.platformBans, PLUGIN.realtime, PLUGIN.httpTier],
  encapsulate: true,
});

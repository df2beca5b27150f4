import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { deriveBoxKey } from '../auth/secret-box.ts';
import { createMediaGateway } from '../live/media-gateway.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createIngestRepository } from './ingest.repository.ts';
import { ingestRoutes } from './ingest.routes.ts';
import { createIngestService } from './ingest.service.ts';
import { createMediaWhip } from './media-whip.ts';
import { whipRoutes } from './whip.routes.ts';

/**
 * Publishing from streaming software (OBS) over WHIP: the creator's stream key (`/api/streams/:mint/ingest`)
 * and, with the embedded media server, the WHIP endpoint on this origin (`/whip/:mint`). With an external
 * LiveKit the key and URL are a LiveKit Ingress's, and OBS publishes to LiveKit directly.
 */
const ingest: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { livekit, publicOrigin } = ctx.config;
  const gateway = createMediaGateway(livekit);
  const ingest = createIngestService({
    repo: createIngestRepository(ctx.database.db),
    streams: ctx.streams,
    access: ctx.access,
    gateway,
    mode: livekit.proxyTarget ? 'embedded' : 'livekit',
    publicOrigin,
    sealKey: deriveBoxKey(livekit.apiSecret, 'stream-key'),
    log: app.log,
  });
  await app.register(ingestRoutes, { ingest });
  if (livekit.proxyTarget) {
    await app.register(whipRoutes, {
      ingest,
      gateway,
      media: createMediaWhip(livekit.proxyTarget),
      streams: ctx.streams,
      publicOrigin,
    });
  }
};

export const ingestPlugin = fp(ingest, {
  name: PLUGIN.ingest,
  dependencies: [PLUGIN.auth, PLUGIN.platformBans],
  encapsulate: true,
});

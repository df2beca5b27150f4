import path from 'node:path';
import { participantRole } from '@mintcast/contracts';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { programRuns } from '../clips/clip-cutter.ts';
import { createMediaGateway } from '../live/media-gateway.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createEgressGateway } from '../recordings/egress-gateway.ts';
import { createS3Store } from '../storage/s3-store.ts';
import { createHlsFiles, PLAYLIST } from './hls-files.ts';
import { httpTierRoutes } from './http-tier.routes.ts';
import {
  createHttpTierService,
  HTTP_TIER_EXTERNAL,
  HTTP_TIER_OFF,
  HTTP_TIER_UNAVAILABLE,
  type HttpTierService,
  type HttpTierSettings,
} from './http-tier.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    httpTier: HttpTierService;
  }
}

const DEFAULT_SETTINGS: HttpTierSettings = { idleMs: 60_000, playlistWaitMs: 8_000, maxViewersPerStream: 0 };
/** How often packagers nobody watches are looked for. */
const SWEEP_MS = 10_000;

/**
 * The HTTP delivery tier (issue 33, decision 026): live streams as HLS under `/hls/`, packaged by the embedded
 * media server's ffmpeg while someone watches that way. Exposed as `app.httpTier`: the live feature sends
 * viewers here when a stream's WebRTC audience is at its cap. With an external LiveKit and an S3 store, LiveKit's
 * Egress uploads the segments there and players are handed the store's (CDN's) playlist URL (decision 035). Off
 * (and saying so) without ffmpeg, or with an external LiveKit and no store.
 */
export const httpTierPlugin = fp(
  async (app, opts: { ctx: AppContext }) => {
    const { ctx } = opts;
    const { config } = ctx;
    const dir = config.recordings?.dir ?? (config.dataDir ? path.join(config.dataDir, 'recordings') : '');
    const embedded = Boolean(config.livekit.proxyTarget) && dir !== '';
    const store = !config.livekit.proxyTarget && config.s3 ? createS3Store(config.s3) : undefined;
    let reason: Promise<string | null> | undefined;
    const availability = () => {
      reason ??= !config.httpTier?.enabled
        ? Promise.resolve(HTTP_TIER_OFF)
        : embedded
          ? programRuns(config.recordings?.ffmpegPath ?? 'ffmpeg').then((ok) =>
              ok ? null : HTTP_TIER_UNAVAILABLE,
            )
          : Promise.resolve(store ? null : HTTP_TIER_EXTERNAL);
      return reason;
    };
    const media = createMediaGateway(config.livekit);
    const tier = createHttpTierService({
      files: createHlsFiles(dir),
      egress: createEgressGateway(config.livekit, store),
      ...(store ? { remotePlaylistUrl: (mint: string) => store.publicUrl(`hls/${mint}/${PLAYLIST}`) } : {}),
      streams: ctx.streams,
      availability,
      countViewers: async (room) =>
        (await media.listParticipants(room)).filter((p) => participantRole(p.metadata) === 'viewer').length,
      settings: { ...DEFAULT_SETTINGS, ...config.httpTier },
      now: ctx.now,
      log: app.log,
    });
    app.decorate('httpTier', tier);
    await app.register(httpTierRoutes, { tier, metrics: ctx.metrics });

    const unsubscribe = ctx.streams.onChange((s) => {
      if (!s.is_currently_live) tier.onOffline(s.mint);
    });
    const onWebhook = async (event: { event: string; egressInfo?: { egressId: string } }) => {
      if (event.event === 'egress_ended' && event.egressInfo) tier.onEgressEnded(event.egressInfo.egressId);
    };
    ctx.mediaWebhooks.add(onWebhook);
    const timer = setInterval(() => tier.sweep(), SWEEP_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      const why = await availability();
      if (why && embedded && config.httpTier?.enabled) app.log.warn(`http tier: off (${why})`);
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      unsubscribe();
      ctx.mediaWebhooks.delete(onWebhook);
      tier.close();
    });
  },
  { name: PLUGIN.httpTier, dependencies: [PLUGIN.streams] },
);

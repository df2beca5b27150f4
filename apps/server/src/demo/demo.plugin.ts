import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { createMediaWhip } from '../ingest/media-whip.ts';
import { createMediaGateway } from '../live/media-gateway.ts';
import { startDemoBroadcast } from './demo-broadcast.ts';

/** The demo streams' broadcast, with the embedded media server only (`DEMO_BROADCAST`, on by default). */
export const demoPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { livekit, demoBroadcast } = ctx.config;
  if (!livekit.proxyTarget || !demoBroadcast?.enabled) return;
  const target = livekit.proxyTarget;
  let broadcast: ReturnType<typeof startDemoBroadcast> | undefined;
  app.addHook('onReady', async () => {
    broadcast = startDemoBroadcast({
      database: ctx.database,
      gateway: createMediaGateway(livekit),
      media: createMediaWhip(target),
      clipPath: demoBroadcast.clipPath,
      log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await broadcast?.stop();
  });
};

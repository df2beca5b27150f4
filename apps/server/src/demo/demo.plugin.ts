import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { createMediaWhip } from '../ingest/media-whip.ts';
import { createMediaGateway } from '../live/media-gateway.ts';
import { PLUGIN } from '../plugin-names.ts';
import { startDemoBroadcast } from './demo-broadcast.ts';

/** The demo streams' broadcast, with the embedded media server only (`DEMO_BROADCAST`, on by default). */
const demo: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
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

export const demoPlugin = fp(demo, {
  name: PLUGIN.demo,
  // live handles the webhooks of the rooms it publishes into
  dependencies: [PLUGIN.live],
  encapsulate: true,
});

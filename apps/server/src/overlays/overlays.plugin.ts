import { overlayChannelForMint } from '@mintcast/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { deriveBoxKey } from '../auth/secret-box.ts';
import { PLUGIN } from '../plugin-names.ts';
import { FOLLOW_TOPIC, parseFollowNote } from './follow-note.ts';
import { createOverlaysRepository } from './overlays.repository.ts';
import { overlaysRoutes } from './overlays.routes.ts';
import { createOverlaysService } from './overlays.service.ts';

/**
 * OBS overlays (issue 34 item 3, decision 031): the key routes, the `stream_overlay_{mint}` channel (opened by
 * the overlay key) and its new-follower events. Tips and trade alerts reach the overlays on the stream's public
 * chat channel, as they reach the chat.
 */
const overlays: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createOverlaysService({
    repo: createOverlaysRepository(ctx.database.db),
    access: ctx.access,
    publicOrigin: ctx.config.publicOrigin,
    sealKey: deriveBoxKey(ctx.config.livekit.apiSecret, 'overlay-key'),
    now: ctx.now,
  });
  const { pubsub, hub } = app.realtime;
  app.realtime.guardChannels('stream_overlay_', (channel, token) => service.opens(channel, token));

  // Every instance delivers a follow (published by whichever instance took it) to its own overlay sockets.
  const unsubscribe = await pubsub.subscribe(FOLLOW_TOPIC, (payload) => {
    const note = parseFollowNote(payload);
    if (!note) return;
    const channel = overlayChannelForMint(note.mint);
    hub.deliver(channel, { type: 'overlay_follow', channel, address: note.address, username: note.username });
  });
  app.addHook('onClose', async () => unsubscribe());

  await app.register(overlaysRoutes, { overlays: service });
};

export const overlaysPlugin = fp(overlays, {
  name: PLUGIN.overlays,
  dependencies: [PLUGIN.auth, PLUGIN.platformBans, PLUGIN.realtime],
  encapsulate: true,
});

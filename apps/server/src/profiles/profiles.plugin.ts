import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { FOLLOW_TOPIC, followNote } from '../overlays/follow-note.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService } from './profiles.service.ts';

/** Profiles, likes, follows and favorites of signed-in wallets. */
const profiles: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { pubsub } = app.realtime;
  const profiles = createProfilesService(createProfilesRepository(ctx.database.db), (mint, follower) =>
    pubsub
      .publish(FOLLOW_TOPIC, followNote({ mint, address: follower.address, username: follower.username }))
      .catch((err) => app.log.warn({ err }, 'profiles: follow announcement failed')),
  );
  await app.register(profilesRoutes, { profiles });
};

export const profilesPlugin = fp(profiles, {
  name: PLUGIN.profiles,
  // Realtime: a new follow is announced to the stream's OBS overlays.
  dependencies: [PLUGIN.auth, PLUGIN.platformBans, PLUGIN.realtime],
  encapsulate: true,
});

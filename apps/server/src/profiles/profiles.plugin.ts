import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService } from './profiles.service.ts';

/** Profiles, likes, follows and favorites of signed-in wallets. */
const profiles: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const profiles = createProfilesService(createProfilesRepository(ctx.database.db));
  await app.register(profilesRoutes, { profiles });
};

export const profilesPlugin = fp(profiles, {
  name: PLUGIN.profiles,
  dependencies: [PLUGIN.auth, PLUGIN.platformBans],
  encapsulate: true,
});

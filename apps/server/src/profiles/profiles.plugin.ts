import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService } from './profiles.service.ts';

/** Profiles, likes, follows and favorites of signed-in wallets. */
export const profilesPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const profiles = createProfilesService(createProfilesRepository(ctx.database.db));
  await app.register(profilesRoutes, { profiles });
};

import {
  ZEngagement,
  ZFavorites,
  ZMintParams,
  ZProfile,
  ZProfileUpdate,
  ZStreamCounts,
  ZViewerState,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { EngagementTable } from './profiles.repository.ts';
import type { ProfilesService } from './profiles.service.ts';

/** HTTP only: profile, counts, like/follow, viewer state and favorites. */
export const profilesRoutes = async (app: FastifyInstance, opts: { profiles: ProfilesService }) => {
  const { profiles } = opts;
  const auth = { preHandler: app.requireSession };
  const private_ = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/profile',
    { ...auth, schema: routeSchema({ tags: ['profiles'], response: { 200: ZProfile } }) },
    async (request, reply) =>
      reply.headers(private_).send(await profiles.getProfile(request.session!.address)),
  );

  app.put(
    '/api/profile',
    {
      ...auth,
      schema: routeSchema({ tags: ['profiles'], body: ZProfileUpdate, response: { 200: ZProfile } }),
    },
    async (request) =>
      profiles.updateProfile(request.session!.address, ZProfileUpdate.parse(request.body ?? {})),
  );

  app.get(
    '/api/streams/:mint/counts',
    { schema: routeSchema({ tags: ['profiles'], params: ZMintParams, response: { 200: ZStreamCounts } }) },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return profiles.counts(mint);
    },
  );

  app.get(
    '/api/streams/:mint/viewer-state',
    {
      ...auth,
      schema: routeSchema({ tags: ['profiles'], params: ZMintParams, response: { 200: ZViewerState } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      return reply.headers(private_).send(await profiles.viewerState(mint, request.session!.address));
    },
  );

  const toggles: [string, EngagementTable][] = [
    ['like', 'likes'],
    ['subscribe', 'subscriptions'],
  ];
  // A wallet banned site-wide cannot like or follow (undoing either stays allowed).
  const engage = { preHandler: [app.requireSession, app.refuseBanned] };
  const engagement = routeSchema({ tags: ['profiles'], params: ZMintParams, response: { 200: ZEngagement } });
  for (const [path, table] of toggles) {
    app.post(`/api/streams/:mint/${path}`, { ...engage, schema: engagement }, async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return profiles.set(table, mint, request.session!.address, true);
    });
    app.delete(`/api/streams/:mint/${path}`, { ...auth, schema: engagement }, async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return profiles.set(table, mint, request.session!.address, false);
    });
  }

  app.get(
    '/api/favorites',
    { ...auth, schema: routeSchema({ tags: ['profiles'], response: { 200: ZFavorites } }) },
    async (request, reply) =>
      reply.headers(private_).send(await profiles.favorites(request.session!.address)),
  );
};

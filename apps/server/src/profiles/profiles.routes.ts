import { ZMintParams, ZProfileUpdate } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import type { EngagementTable } from './profiles.repository.ts';
import type { ProfilesService } from './profiles.service.ts';

/** HTTP only: profile, counts, like/follow, viewer state and favorites. */
export const profilesRoutes = async (app: FastifyInstance, opts: { profiles: ProfilesService }) => {
  const { profiles } = opts;
  const auth = { preHandler: app.requireSession };
  const private_ = { 'cache-control': 'private, no-store' };

  app.get('/api/profile', auth, async (request, reply) =>
    reply.headers(private_).send(await profiles.getProfile(request.session!.address)),
  );

  app.put('/api/profile', auth, async (request) =>
    profiles.updateProfile(request.session!.address, ZProfileUpdate.parse(request.body ?? {})),
  );

  app.get('/api/streams/:mint/counts', async (request) => {
    const { mint } = ZMintParams.parse(request.params);
    return profiles.counts(mint);
  });

  app.get('/api/streams/:mint/viewer-state', auth, async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    return reply.headers(private_).send(await profiles.viewerState(mint, request.session!.address));
  });

  const toggles: [string, EngagementTable][] = [
    ['like', 'likes'],
    ['subscribe', 'subscriptions'],
  ];
  // A wallet banned site-wide cannot like or follow (undoing either stays allowed).
  const engage = { preHandler: [app.requireSession, app.refuseBanned] };
  for (const [path, table] of toggles) {
    app.post(`/api/streams/:mint/${path}`, engage, async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return profiles.set(table, mint, request.session!.address, true);
    });
    app.delete(`/api/streams/:mint/${path}`, auth, async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return profiles.set(table, mint, request.session!.address, false);
    });
  }

  app.get('/api/favorites', auth, async (request, reply) =>
    reply.headers(private_).send(await profiles.favorites(request.session!.address)),
  );
};

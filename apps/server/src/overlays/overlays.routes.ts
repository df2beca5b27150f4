import { ZMintParams, ZOverlayInfo, ZOverlayKeyParams, ZOverlaySettings } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { OverlaysService } from './overlays.service.ts';

const privateNoStore = { 'cache-control': 'private, no-store' };

/** The creator's overlay URLs (and a new key), and what an overlay page learns from its key. */
export const overlaysRoutes = async (app: FastifyInstance, opts: { overlays: OverlaysService }) => {
  const { overlays } = opts;

  app.get(
    '/api/streams/:mint/overlays',
    {
      preHandler: [app.requireSession, app.refuseBanned],
      schema: routeSchema({ tags: ['live'], params: ZMintParams, response: { 200: ZOverlaySettings } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      return reply.headers(privateNoStore).send(await overlays.get(request.session!.address, mint));
    },
  );

  app.post(
    '/api/streams/:mint/overlays/key',
    {
      preHandler: [app.requireSession, app.refuseBanned],
      schema: routeSchema({ tags: ['live'], params: ZMintParams, response: { 200: ZOverlaySettings } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      return reply.headers(privateNoStore).send(await overlays.regenerate(request.session!.address, mint));
    },
  );

  // Public: the key is the credential (OBS's browser source has no session).
  app.get(
    '/api/overlays/:key',
    {
      schema: routeSchema({ tags: ['live'], params: ZOverlayKeyParams, response: { 200: ZOverlayInfo } }),
    },
    async (request, reply) => {
      const { key } = ZOverlayKeyParams.parse(request.params);
      return reply.headers({ 'cache-control': 'no-store' }).send(await overlays.info(key));
    },
  );
};

import { ZMintParams, ZRaidRequest, ZRaidResult } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { RaidsService } from './raids.service.ts';

/** HTTP only: `POST /api/streams/{mint}/raid` (the creator ends the broadcast by raiding another live stream). */
export const raidsRoutes = (app: FastifyInstance, raids: RaidsService): void => {
  app.post(
    '/api/streams/:mint/raid',
    {
      preHandler: [app.requireSession, app.refuseBanned],
      schema: routeSchema({
        tags: ['streams'],
        summary: 'End the broadcast and send its audience to another live stream (creator only)',
        params: ZMintParams,
        body: ZRaidRequest,
        response: { 200: ZRaidResult },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const { to } = ZRaidRequest.parse(request.body);
      return raids.raid(request.session!.address, mint, to);
    },
  );
};

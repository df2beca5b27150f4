import { INVALID_ADDRESS_MESSAGE, ZTokenData, ZTokenParams } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import { badRequest } from '../http/errors.ts';
import type { MarketGateway } from './market-gateway.ts';
import type { ViewTracker } from './view-tracker.ts';

/** HTTP only: validate the address, ask the gateway, record the view. */
export const tokensRoutes = async (
  app: FastifyInstance,
  opts: { gateway: MarketGateway; views: ViewTracker },
) => {
  app.get(
    '/api/tokens/:address',
    { schema: routeSchema({ tags: ['market'], params: ZTokenParams, response: { 200: ZTokenData } }) },
    async (request, reply) => {
      const params = ZTokenParams.safeParse(request.params);
      if (!params.success) throw badRequest(INVALID_ADDRESS_MESSAGE);
      const { address } = params.data;
      opts.views.touch(address);
      const body = await opts.gateway.getJson(address);
      // The gateway is the cache; browsers must ask again so a Retry or the 30 s poll sees new figures.
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      return body;
    },
  );
};

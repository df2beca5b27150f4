import {
  ZChatMessage,
  ZMintParams,
  ZPostTip,
  ZSetTipGoal,
  ZTipGoalState,
  ZTipLeaderboard,
  ZTipList,
  ZTipTotal,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { TipsService } from './tips.service.ts';

/** HTTP only: tips (post a transaction hash, read the total, the creator's list, the goal, the leaderboard). */
export const chainRoutes = async (app: FastifyInstance, opts: { tips: TipsService }) => {
  const { tips } = opts;

  app.post(
    '/api/streams/:mint/tips',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['chat'],
        params: ZMintParams,
        body: ZPostTip,
        response: { 201: ZChatMessage },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const body = ZPostTip.parse(request.body);
      return reply.status(201).send(await tips.tip(request.session!.address, mint, body));
    },
  );

  app.get(
    '/api/streams/:mint/tips',
    { schema: routeSchema({ tags: ['chat'], params: ZMintParams, response: { 200: ZTipTotal } }) },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return tips.total(mint);
    },
  );

  app.get(
    '/api/streams/:mint/tips/goal',
    { schema: routeSchema({ tags: ['chat'], params: ZMintParams, response: { 200: ZTipGoalState } }) },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return tips.goal(mint);
    },
  );

  app.put(
    '/api/streams/:mint/tips/goal',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['chat'],
        params: ZMintParams,
        body: ZSetTipGoal,
        response: { 200: ZTipGoalState },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const { goal_wei } = ZSetTipGoal.parse(request.body);
      return tips.setGoal(request.session!.address, mint, goal_wei);
    },
  );

  app.get(
    '/api/streams/:mint/tips/leaderboard',
    { schema: routeSchema({ tags: ['chat'], params: ZMintParams, response: { 200: ZTipLeaderboard } }) },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return tips.leaderboard(mint);
    },
  );

  app.get(
    '/api/streams/:mint/tips/received',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['chat'], params: ZMintParams, response: { 200: ZTipList } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'private, no-store');
      return tips.received(request.session!.address, mint);
    },
  );
};

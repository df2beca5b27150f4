import {
  ZHolderChatModes,
  ZHolderChatSettings,
  ZHolders,
  ZHoldersQuery,
  ZHolderTiersUpdate,
  ZMintParams,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { HolderChatService } from './holder-chat.service.ts';

/** HTTP only: holder badges of a chat page's authors, the holder chat settings (read, tiers, modes). */
export const holderChatRoutes = (app: FastifyInstance, holderChat: HolderChatService) => {
  app.get(
    '/api/streams/:mint/holders',
    {
      schema: routeSchema({
        tags: ['chat'],
        params: ZMintParams,
        querystring: ZHoldersQuery,
        response: { 200: ZHolders },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const { addresses } = ZHoldersQuery.parse(request.query);
      reply.header('cache-control', 'no-store');
      return holderChat.badges(mint, addresses);
    },
  );

  app.get(
    '/api/streams/:mint/holder-chat',
    {
      schema: routeSchema({ tags: ['chat'], params: ZMintParams, response: { 200: ZHolderChatSettings } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return holderChat.settings(mint);
    },
  );

  app.put(
    '/api/streams/:mint/holder-chat/tiers',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['moderation'],
        params: ZMintParams,
        body: ZHolderTiersUpdate,
        response: { 200: ZHolderChatSettings },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const { tiers } = ZHolderTiersUpdate.parse(request.body);
      return holderChat.setTiers(request.session!.address, mint, tiers);
    },
  );

  app.put(
    '/api/streams/:mint/holder-chat/modes',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['moderation'],
        params: ZMintParams,
        body: ZHolderChatModes,
        response: { 200: ZHolderChatSettings },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return holderChat.setModes(request.session!.address, mint, ZHolderChatModes.parse(request.body));
    },
  );
};

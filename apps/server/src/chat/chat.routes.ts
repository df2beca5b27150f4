import {
  ZChatHistory,
  ZChatHistoryQuery,
  ZChatMessage,
  ZChatMessageParams,
  ZChatMute,
  ZChatMuteRequest,
  ZMintParams,
  ZNoContent,
  ZPostChatMessage,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { ChatService } from './chat.service.ts';

/** HTTP only: parse, authorise, status codes. Rules live in the chat service. */
export const chatRoutes = async (
  app: FastifyInstance,
  opts: { chat: ChatService /** Counts accepted posts (metrics). */; onPosted: () => void },
) => {
  const { chat } = opts;

  app.get(
    '/api/streams/:mint/messages',
    {
      schema: routeSchema({
        tags: ['chat'],
        params: ZMintParams,
        querystring: ZChatHistoryQuery,
        response: { 200: ZChatHistory },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const query = ZChatHistoryQuery.parse(request.query);
      reply.header('cache-control', 'no-store');
      return chat.history(mint, query);
    },
  );

  app.post(
    '/api/streams/:mint/messages',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['chat'],
        params: ZMintParams,
        body: ZPostChatMessage,
        response: { 201: ZChatMessage },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const { content } = ZPostChatMessage.parse(request.body);
      const json = await chat.post(request.session!.address, mint, content);
      opts.onPosted();
      // Already JSON (built by the insert, the same text the NOTIFY carries): sent as is.
      return reply.status(201).type('application/json; charset=utf-8').send(json);
    },
  );

  app.delete(
    '/api/streams/:mint/messages/:id',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['chat'], params: ZChatMessageParams, response: { 204: ZNoContent } }),
    },
    async (request, reply) => {
      const { mint, id } = ZChatMessageParams.parse(request.params);
      await chat.remove(request.session!.address, mint, id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/streams/:mint/mutes',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['moderation'],
        params: ZMintParams,
        body: ZChatMuteRequest,
        response: { 200: ZChatMute },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const { address, minutes } = ZChatMuteRequest.parse(request.body);
      return chat.mute(request.session!.address, mint, address, minutes);
    },
  );
};

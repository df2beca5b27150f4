import {
  ZChatHistoryQuery,
  ZChatMessageParams,
  ZChatMuteRequest,
  ZMintParams,
  ZPostChatMessage,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import type { ChatService } from './chat.service.ts';

/** HTTP only: parse, authorise, status codes. Rules live in the chat service. */
export const chatRoutes = async (
  app: FastifyInstance,
  opts: { chat: ChatService /** Counts accepted posts (metrics). */; onPosted: () => void },
) => {
  const { chat } = opts;

  app.get('/api/streams/:mint/messages', async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    const query = ZChatHistoryQuery.parse(request.query);
    reply.header('cache-control', 'no-store');
    return chat.history(mint, query);
  });

  app.post('/api/streams/:mint/messages', { preHandler: app.requireSession }, async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    const { content } = ZPostChatMessage.parse(request.body);
    const message = await chat.post(request.session!.address, mint, content);
    opts.onPosted();
    return reply.status(201).send(message);
  });

  app.delete(
    '/api/streams/:mint/messages/:id',
    { preHandler: app.requireSession },
    async (request, reply) => {
      const { mint, id } = ZChatMessageParams.parse(request.params);
      await chat.remove(request.session!.address, mint, id);
      return reply.status(204).send();
    },
  );

  app.post('/api/streams/:mint/mutes', { preHandler: app.requireSession }, async (request) => {
    const { mint } = ZMintParams.parse(request.params);
    const { address, minutes } = ZChatMuteRequest.parse(request.body);
    return chat.mute(request.session!.address, mint, address, minutes);
  });
};

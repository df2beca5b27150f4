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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import { AppError } from '../http/errors.ts';
import { CHAT_LIMIT_ERRORS } from '../moderation/chat-rules.service.ts';
import type { ChatService } from './chat.service.ts';
import { createInFlightLimit, type InFlightLimit } from './in-flight.ts';

/** Chat posts being worked on at once per instance (a post is 3 statements); more are refused at the door. */
export const CHAT_POSTS_IN_FLIGHT = 4;
/**
 * Event-loop lag, lasting three ticks, beyond which chat posts are refused at the door (health answers in ~5 ms
 * on a quiet machine). 500 ms, not less: a busy 2-core box running a browser beside the server lags a few
 * hundred ms now and then without any flood, and a viewer's post must not be refused for that.
 */
export const CHAT_MAX_LOOP_LAG_MS = 500;

/** HTTP only: parse, authorise, status codes. Rules live in the chat service. */
export const chatRoutes = async (
  app: FastifyInstance,
  opts: {
    chat: Pick<ChatService, 'history' | 'post' | 'remove' | 'mute'>;
    /** Counts accepted posts (metrics). */
    onPosted: () => void;
    inFlight?: InFlightLimit;
  },
) => {
  const { chat } = opts;
  const inFlight = opts.inFlight ?? createInFlightLimit(CHAT_POSTS_IN_FLIGHT);
  const holding = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (holding.delete(request)) inFlight.leave();
  };

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
      // First of all, before the session check's statement: a post beyond the in-flight slots is refused.
      onRequest: async (request) => {
        if (!inFlight.tryEnter())
          throw new AppError(
            429,
            CHAT_LIMIT_ERRORS.streamBusy,
            'Chat is busy right now. Try again in a few seconds',
          );
        holding.add(request);
      },
      onResponse: release,
      onRequestAbort: release,
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

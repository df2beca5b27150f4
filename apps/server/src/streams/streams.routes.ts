import {
  ZCreatorPage,
  ZCreatorParams,
  ZMintParams,
  ZSetLive,
  ZStream,
  ZStreamListQuery,
  ZStreamLookup,
  ZStreamPage,
  ZStreamRecap,
  ZStreamSearchQuery,
  ZStreamSearchResult,
  ZStreamStats,
  ZStreamUpsert,
} from '@mintcast/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { CachedBody } from './response-cache.ts';
import type { StreamsService } from './streams.service.ts';

const sendCached = (request: FastifyRequest, reply: FastifyReply, cached: CachedBody) => {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
};

/** HTTP only: parse, authorise, status codes. Rules live in the service. */
export const streamsRoutes = async (app: FastifyInstance, opts: { streams: StreamsService }) => {
  const { streams } = opts;

  app.get(
    '/api/streams',
    {
      schema: routeSchema({
        tags: ['streams'],
        querystring: ZStreamListQuery,
        response: { 200: ZStreamPage },
      }),
    },
    async (request, reply) => {
      const cached = await streams.listCached(request.url, () => ZStreamListQuery.parse(request.query));
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/streams/stats',
    { schema: routeSchema({ tags: ['streams'], response: { 200: ZStreamStats } }) },
    async (request, reply) => sendCached(request, reply, await streams.statsCached()),
  );

  app.get(
    '/api/streams/search',
    {
      schema: routeSchema({
        tags: ['streams'],
        querystring: ZStreamSearchQuery,
        response: { 200: ZStreamSearchResult },
      }),
    },
    async (request) => {
      const { q, limit, includeNsfw } = ZStreamSearchQuery.parse(request.query);
      return streams.search(q, limit, includeNsfw);
    },
  );

  app.get(
    '/api/streams/:mint',
    { schema: routeSchema({ tags: ['streams'], params: ZMintParams, response: { 200: ZStream } }) },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return streams.get(mint);
    },
  );

  // The stream page's poll: 200 with null while the stream does not exist yet (no 404 in the console).
  app.get(
    '/api/streams/:mint/lookup',
    {
      schema: routeSchema({ tags: ['streams'], params: ZMintParams, response: { 200: ZStreamLookup } }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return { stream: await streams.find(mint) };
    },
  );

  // A creator's page: who they are and their streams, live and past (issue 29).
  app.get(
    '/api/creators/:address',
    {
      schema: routeSchema({ tags: ['streams'], params: ZCreatorParams, response: { 200: ZCreatorPage } }),
    },
    async (request) => {
      const { address } = ZCreatorParams.parse(request.params);
      return streams.creator(address);
    },
  );

  app.get(
    '/api/streams/:mint/recap',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['streams'], params: ZMintParams, response: { 200: ZStreamRecap } }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return streams.recap(request.session!.address, mint);
    },
  );

  // A wallet banned site-wide cannot stream (refuseBanned).
  const streaming = { preHandler: [app.requireSession, app.refuseBanned] };
  const streamOut = { 200: ZStream };

  app.post(
    '/api/streams',
    { ...streaming, schema: routeSchema({ tags: ['streams'], body: ZStreamUpsert, response: streamOut }) },
    async (request) => {
      const input = ZStreamUpsert.parse(request.body);
      return streams.upsert(request.session!.address, input);
    },
  );

  app.post(
    '/api/streams/:mint/ensure',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['streams'], params: ZMintParams, response: streamOut }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return streams.ensureExists(mint);
    },
  );

  app.post(
    '/api/streams/:mint/live',
    {
      ...streaming,
      schema: routeSchema({ tags: ['streams'], params: ZMintParams, body: ZSetLive, response: streamOut }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const { live } = ZSetLive.parse(request.body);
      return streams.setLive(request.session!.address, mint, live);
    },
  );
};

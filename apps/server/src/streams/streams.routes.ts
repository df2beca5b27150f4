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
import { COMPRESS_MIN_BYTES, preferredEncoding } from '../http/content-encoding.ts';
import { CachedBody } from './response-cache.ts';
import type { StreamsService } from './streams.service.ts';

/**
 * A cached answer as stored: its bytes (brotli or gzip ones when the client accepts them) and their ETag,
 * all computed once per cache fill, so a repeated poll serialises, hashes and compresses nothing.
 */
const sendCached = (request: FastifyRequest, reply: FastifyReply, cached: CachedBody) => {
  reply.header('cache-control', 'no-cache');
  const big = cached.bytes.length >= COMPRESS_MIN_BYTES;
  const encoding = big ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (big) reply.header('vary', 'accept-encoding');
  const encoded = encoding ? cached.encoded(encoding) : null;
  const etag = encoded ? encoded.etag : cached.etag;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoded) return reply.send(cached.bytes);
  return reply.header('content-encoding', encoding).send(encoded.bytes);
};

/** Routes answered by sendCached compress by themselves (from the cache), not per request by the plugin. */
const precompressed = { compress: false } as const;

/** HTTP only: parse, authorise, status codes. Rules live in the service. */
export const streamsRoutes = async (app: FastifyInstance, opts: { streams: StreamsService }) => {
  const { streams } = opts;

  app.get(
    '/api/streams',
    {
      ...precompressed,
      schema: routeSchema({
        tags: ['streams'],
        querystring: ZStreamListQuery,
        response: { 200: ZStreamPage },
      }),
    },
    // Not async: a poll answered from the cache makes no promise and waits for no microtask (issue 36).
    (request, reply) => {
      const cached = streams.listCached(request.url, () => ZStreamListQuery.parse(request.query));
      if (cached instanceof CachedBody) {
        sendCached(request, reply, cached);
        return;
      }
      return cached.then((body) => sendCached(request, reply, body));
    },
  );

  app.get(
    '/api/streams/stats',
    { ...precompressed, schema: routeSchema({ tags: ['streams'], response: { 200: ZStreamStats } }) },
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

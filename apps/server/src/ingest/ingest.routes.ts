import { ZIngestHealth, ZIngestInfo, ZIngestKey, ZMintParams } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { IngestService } from './ingest.service.ts';

/** The creator's view of a stream's WHIP ingest: server URL, whether a key exists, and a new key. */
export const ingestRoutes = async (app: FastifyInstance, opts: { ingest: IngestService }) => {
  const { ingest } = opts;

  app.get(
    '/api/streams/:mint/ingest',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['live'], params: ZMintParams, response: { 200: ZIngestInfo } }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return ingest.get(request.session!.address, mint);
    },
  );

  // The OBS dashboard polls this: the creator's incoming stream health from the media server or LiveKit Ingress.
  app.get(
    '/api/streams/:mint/ingest/health',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['live'], params: ZMintParams, response: { 200: ZIngestHealth } }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return ingest.health(request.session!.address, mint);
    },
  );

  // A wallet banned site-wide cannot stream, so it gets no key either.
  app.get(
    '/api/streams/:mint/ingest/key',
    {
      preHandler: [app.requireSession, app.refuseBanned],
      schema: routeSchema({ tags: ['live'], params: ZMintParams, response: { 200: ZIngestKey } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'private, no-store');
      return ingest.reveal(request.session!.address, mint);
    },
  );

  app.post(
    '/api/streams/:mint/ingest/key',
    {
      preHandler: [app.requireSession, app.refuseBanned],
      schema: routeSchema({ tags: ['live'], params: ZMintParams, response: { 200: ZIngestKey } }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return ingest.regenerate(request.session!.address, mint);
    },
  );
};

import { ZHlsSegmentParams, ZHttpTierStatus, ZMintParams } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import { ZImageBody } from '../http/api-schemas.ts';
import type { Metrics } from '../http/metrics.ts';
import { CONTENT_TYPE } from './hls-files.ts';
import type { HttpTierService } from './http-tier.service.ts';

/**
 * Playlists change every segment: a cache in front may keep one for a second, so N viewers cost the origin
 * one request per second. Segment names are never reused (a run id in each): cached for good.
 */
const PLAYLIST_CACHE = 'public, max-age=1';
const SEGMENT_CACHE = 'public, max-age=31536000, immutable';
/** Answers that must not be cached (a segment not written yet will be soon). */
const NO_STORE = 'no-store';

/** HTTP only: the HTTP tier's playlist and segments on the site's origin, and whether the tier runs here. */
export const httpTierRoutes = async (
  app: FastifyInstance,
  opts: { tier: HttpTierService; metrics: Metrics },
) => {
  const { tier, metrics } = opts;

  app.get(
    '/api/live/http-tier',
    { schema: routeSchema({ tags: ['live'], response: { 200: ZHttpTierStatus } }) },
    async () => {
      const reason = await tier.unavailableReason();
      return { available: reason === null, reason };
    },
  );

  // A player asks for these every second or so; a CDN in front asks once per segment for everyone.
  app.get(
    '/hls/:mint/index.m3u8',
    {
      config: { rateLimit: false },
      schema: routeSchema({
        tags: ['live'],
        summary:
          'The live HLS playlist (404 while the stream is not live); with an S3 store, a redirect to its public URL',
        params: ZMintParams,
        response: { 200: { content: { [CONTENT_TYPE.playlist]: { schema: ZImageBody } } } },
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const { mint } = ZMintParams.parse(request.params);
      // With an S3 store the playlist is there (a CDN in front): players are sent to it.
      const remote = await tier.remotePlaylist(mint);
      if (remote) return reply.redirect(remote, 302);
      const bytes = await tier.playlist(mint);
      metrics.hlsRequests.inc({ kind: 'playlist' });
      metrics.hlsBytes.inc(bytes.length);
      return reply.header('cache-control', PLAYLIST_CACHE).type(CONTENT_TYPE.playlist).send(bytes);
    },
  );

  app.get(
    '/hls/:mint/:segment',
    {
      config: { rateLimit: false },
      schema: routeSchema({
        tags: ['live'],
        summary: 'One MPEG-TS segment the playlist names',
        params: ZHlsSegmentParams,
        response: { 200: { content: { [CONTENT_TYPE.segment]: { schema: ZImageBody } } } },
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const { mint, segment } = ZHlsSegmentParams.parse(request.params);
      const bytes = await tier.segment(mint, segment);
      metrics.hlsRequests.inc({ kind: 'segment' });
      metrics.hlsBytes.inc(bytes.length);
      return reply.header('cache-control', SEGMENT_CACHE).type(CONTENT_TYPE.segment).send(bytes);
    },
  );
};

import {
  THUMBNAIL_CONTENT_TYPES,
  THUMBNAIL_MAX_BYTES,
  ZCreateRoomRequest,
  ZCreateRoomResponse,
  ZLiveTokenRequest,
  ZMintParams,
  ZThumbnailResponse,
  ZViewerPlace,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import { ZImageBody, ZWebhookAck, ZWebhookBody } from '../http/api-schemas.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import type { LiveService } from './live.service.ts';
import type { LivePresence } from './live-presence.ts';
import type { MediaGateway } from './media-gateway.ts';
import type { ThumbnailsService } from './thumbnails.service.ts';

const WEBHOOK_CONTENT_TYPE = 'application/webhook+json';

export interface LiveRoutesOptions {
  live: LiveService;
  presence: LivePresence;
  thumbnails: ThumbnailsService;
  gateway: MediaGateway;
  /** Webhooks one address may post per minute (`ClientCaps.webhooksPerMinute`). */
  webhooksPerMinute: number;
  /** Other features' handlers of the same verified webhooks (AppContext.mediaWebhooks). */
  webhookListeners?: ReadonlySet<
    (event: Awaited<ReturnType<MediaGateway['verifyWebhook']>>) => Promise<void>
  >;
}

/** HTTP only: parse, authorise, status codes. Rules live in the services. */
export const liveRoutes = async (app: FastifyInstance, opts: LiveRoutesOptions) => {
  const { live, presence, thumbnails, gateway } = opts;

  // Webhooks are verified against the sha256 of the exact bytes sent, so keep the body as a string.
  app.addContentTypeParser(WEBHOOK_CONTENT_TYPE, { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser(
    [...THUMBNAIL_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: THUMBNAIL_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/live/token',
    {
      preHandler: app.optionalSession,
      schema: routeSchema({ tags: ['live'], body: ZLiveTokenRequest, response: { 200: ZViewerPlace } }),
    },
    async (request) => {
      const body = ZLiveTokenRequest.parse(request.body);
      // A wallet banned site-wide may still watch, but not host.
      if (body.isHost && request.session) await app.assertNotBanned(request.session.address);
      return live.issueToken(request.session?.address ?? null, body);
    },
  );

  app.post(
    '/api/live/rooms',
    {
      preHandler: [app.requireSession, app.refuseBanned],
      schema: routeSchema({
        tags: ['live'],
        body: ZCreateRoomRequest,
        response: { 200: ZCreateRoomResponse },
      }),
    },
    async (request) => {
      const { roomName } = ZCreateRoomRequest.parse(request.body);
      return live.createRoom(request.session?.address ?? null, roomName);
    },
  );

  // Signed by the media server; outside the site-wide per-IP limit (every webhook comes from one address) but
  // under its own ceiling, counted before the body is read or the signature checked.
  app.post(
    '/api/live/webhook',
    {
      config: { rateLimit: { max: opts.webhooksPerMinute, timeWindow: '1 minute' } },
      schema: routeSchema({
        tags: ['live'],
        summary: 'LiveKit webhook (application/webhook+json, signed)',
        consumes: [WEBHOOK_CONTENT_TYPE],
        body: ZWebhookBody,
        response: { 200: ZWebhookAck },
      }),
    },
    async (request, reply) => {
      if (typeof request.body !== 'string')
        throw new AppError(415, 'unsupported_media_type', `Webhooks must be sent as ${WEBHOOK_CONTENT_TYPE}`);
      let event: Awaited<ReturnType<MediaGateway['verifyWebhook']>>;
      try {
        event = await gateway.verifyWebhook(request.body, request.headers.authorization);
      } catch {
        throw unauthorized('Invalid webhook signature');
      }
      await presence.handle(event);
      for (const listener of opts.webhookListeners ?? []) await listener(event);
      return reply.status(200).send({ ok: true });
    },
  );

  app.put(
    '/api/live/thumbnails/:mint',
    {
      preHandler: [app.requireSession, app.refuseBanned],
      bodyLimit: THUMBNAIL_MAX_BYTES,
      schema: routeSchema({
        tags: ['live'],
        summary: 'Upload a JPEG or WebP frame as the raw body',
        params: ZMintParams,
        consumes: [...THUMBNAIL_CONTENT_TYPES],
        body: ZImageBody,
        response: { 200: ZThumbnailResponse },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      if (!Buffer.isBuffer(request.body))
        throw new AppError(415, 'unsupported_media_type', 'Thumbnail must be a JPEG or WebP image');
      return thumbnails.upload(request.session?.address ?? '', mint, request.body);
    },
  );

  app.get(
    '/api/live/thumbnails/:mint',
    {
      schema: routeSchema({
        tags: ['live'],
        summary: 'The JPEG or WebP frame',
        params: ZMintParams,
        response: {
          200: {
            content: Object.fromEntries(THUMBNAIL_CONTENT_TYPES.map((t) => [t, { schema: ZImageBody }])),
          },
        },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const thumb = await thumbnails.get(mint);
      const etag = `"${thumb.updatedAt.getTime()}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=30');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(thumb.contentType).send(thumb.bytes);
    },
  );
};

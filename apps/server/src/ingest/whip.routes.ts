import { WHIP_PATH_PREFIX, ZAddress } from '@mintcast/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routeSchema } from '../http/api-docs.ts';
import { ZOk, ZTextBody } from '../http/api-schemas.ts';
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts';
import type { MediaGateway } from '../live/media-gateway.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { IngestService } from './ingest.service.ts';
import type { MediaWhip, MediaWhipResponse } from './media-whip.ts';
import { mintWhipHostToken } from './whip-host-token.ts';

const SDP = 'application/sdp';
const SDP_FRAGMENT = 'application/trickle-ice-sdpfrag';
/** An SDP offer is a few KB; OBS's is under 4. */
const MAX_SDP_BYTES = 64 * 1024;
const SESSION_ID = /^[0-9a-f]{32}$/;

export interface WhipRoutesOptions {
  ingest: IngestService;
  gateway: Pick<MediaGateway, 'mintToken'>;
  media: MediaWhip;
  streams: Pick<StreamsService, 'applySystemUpdate'>;
  publicOrigin: string;
}

/**
 * WHIP (RFC 9725) on the site's origin, for the embedded media server: `POST /whip/{mint}` with the stream key
 * as Bearer token and an SDP offer; `PATCH`/`DELETE` on the Location it returns. The key is checked here and
 * the request passed to apps/media with a short-lived host token for the creator (decision 020).
 */
export const whipRoutes = async (app: FastifyInstance, opts: WhipRoutesOptions) => {
  const { ingest, gateway, media, streams } = opts;

  app.addContentTypeParser(
    [SDP, SDP_FRAGMENT],
    { parseAs: 'string', bodyLimit: MAX_SDP_BYTES },
    (_r, body, done) => done(null, body),
  );

  const mintOf = (request: FastifyRequest): string => {
    const parsed = ZAddress.safeParse((request.params as { mint?: string }).mint);
    if (!parsed.success) throw notFound('Stream Not Found');
    return parsed.data;
  };

  /** Checks the key (401 with a Bearer challenge) and mints the token media accepts for this stream's room. */
  const authorize = async (request: FastifyRequest, reply: FastifyReply, mint: string) => {
    reply.header('www-authenticate', 'Bearer');
    const { creator } = await ingest.authorizeWhip(mint, request.headers.authorization);
    reply.removeHeader('www-authenticate');
    // A key made before a site-wide ban must not put that wallet on the air (403).
    await app.assertNotBanned(creator);
    return mintWhipHostToken(gateway, mint, creator);
  };

  const relay = async (run: () => Promise<MediaWhipResponse>): Promise<MediaWhipResponse> => {
    let res: MediaWhipResponse;
    try {
      res = await run();
    } catch {
      throw new AppError(502, 'media_unavailable', 'The media server is not reachable');
    }
    if (res.status === 409) throw conflict('This stream is already live');
    if (res.status === 404) throw notFound('No such WHIP session');
    if (res.status >= 400 && res.status < 500) throw badRequest(`The media server refused: ${res.body}`);
    if (res.status >= 500) throw new AppError(502, 'media_failed', 'The media server failed');
    return res;
  };

  const sessionOf = (request: FastifyRequest): string => {
    const id = (request.params as { session?: string }).session ?? '';
    if (!SESSION_ID.test(id)) throw notFound('No such WHIP session');
    return id;
  };

  /** The body as `type` (Fastify also parses text/plain into a string, so the type is checked here). */
  const textBody = (request: FastifyRequest, type: string): string => {
    const got = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (got !== type) throw new AppError(415, 'unsupported_media_type', `The body must be sent as ${type}`);
    if (typeof request.body !== 'string' || request.body.trim() === '')
      throw badRequest(type === SDP ? 'The body must be an SDP offer' : `The body must be ${type}`);
    return request.body;
  };

  // Documented for streaming software and operators; the stream key is the Bearer (streamKey scheme).
  const ZWhipParams = z.object({ mint: z.string() });
  const ZWhipSessionParams = z.object({ mint: z.string(), session: z.string() });
  const doc = { tags: ['ingest'], security: [{ streamKey: [] }] };

  app.post(
    '/whip/:mint',
    {
      schema: routeSchema({
        ...doc,
        summary: 'WHIP (RFC 9725): publish with an SDP offer; answered with the SDP answer and the Location',
        params: ZWhipParams,
        consumes: [SDP],
        body: ZTextBody('SDP offer'),
        response: { 201: { content: { [SDP]: { schema: ZTextBody('SDP answer') } } } },
      }),
    },
    async (request, reply) => {
      const mint = mintOf(request);
      const token = await authorize(request, reply, mint);
      const sdp = textBody(request, SDP);
      const res = await relay(() => media.offer(token, sdp));
      if (res.status !== 201 || !res.sessionId)
        throw new AppError(502, 'media_failed', 'The media server failed');
      return reply
        .status(201)
        .header('location', `${opts.publicOrigin}${WHIP_PATH_PREFIX}${mint}/${res.sessionId}`)
        .type(SDP)
        .send(res.body);
    },
  );

  app.patch(
    '/whip/:mint/:session',
    {
      schema: routeSchema({
        ...doc,
        summary: 'WHIP: trickle ICE candidates',
        params: ZWhipSessionParams,
        consumes: [SDP_FRAGMENT],
        body: ZTextBody('SDP fragment (trickle-ice-sdpfrag)'),
        response: { 204: z.undefined() },
      }),
    },
    async (request, reply) => {
      const mint = mintOf(request);
      const token = await authorize(request, reply, mint);
      const session = sessionOf(request);
      const fragment = textBody(request, SDP_FRAGMENT);
      await relay(() => media.trickle(token, session, fragment));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/whip/:mint/:session',
    {
      schema: routeSchema({
        ...doc,
        summary: 'WHIP: end the stream',
        params: ZWhipSessionParams,
        response: { 200: ZOk },
      }),
    },
    async (request, reply) => {
      const mint = mintOf(request);
      const token = await authorize(request, reply, mint);
      const session = sessionOf(request);
      await relay(() => media.stop(token, session));
      // The publisher ended the stream on purpose: offline now, not after the host grace.
      await streams.applySystemUpdate(mint, { is_currently_live: false, num_participants: 0 });
      return reply.status(200).send({ ok: true });
    },
  );
};

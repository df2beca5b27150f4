import {
  ZMintParams,
  ZNoContent,
  ZRecording,
  ZRecordingIdParams,
  ZRecordingList,
  ZRecordingSettings,
  ZReplayChat,
  ZReplayPrices,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import { ZImageBody } from '../http/api-schemas.ts';
import { sendRangeFile } from './range-file.ts';
import type { RecordingsService } from './recordings.service.ts';

/** WebM of VP8/H.264 and Opus (decision 022). */
const VIDEO_TYPE = 'video/webm';

/** HTTP only: past broadcasts of a stream, one replay, its video (HTTP Range), deleting, the creator's switch. */
export const recordingsRoutes = async (app: FastifyInstance, opts: { recordings: RecordingsService }) => {
  const { recordings } = opts;

  app.get(
    '/api/streams/:mint/recordings',
    {
      preHandler: app.optionalSession,
      schema: routeSchema({ tags: ['replays'], params: ZMintParams, response: { 200: ZRecordingList } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const items = await recordings.list(mint, request.session?.address ?? null);
      return reply.header('cache-control', 'private, no-cache').send({ items });
    },
  );

  app.get(
    '/api/recordings/:id',
    { schema: routeSchema({ tags: ['replays'], params: ZRecordingIdParams, response: { 200: ZRecording } }) },
    async (request) => {
      const { id } = ZRecordingIdParams.parse(request.params);
      return recordings.get(id);
    },
  );

  app.get(
    '/api/recordings/:id/chat',
    {
      schema: routeSchema({ tags: ['replays'], params: ZRecordingIdParams, response: { 200: ZReplayChat } }),
    },
    async (request) => {
      const { id } = ZRecordingIdParams.parse(request.params);
      return { items: await recordings.chat(id) };
    },
  );

  app.get(
    '/api/recordings/:id/prices',
    {
      schema: routeSchema({
        tags: ['replays'],
        params: ZRecordingIdParams,
        response: { 200: ZReplayPrices },
      }),
    },
    async (request) => {
      const { id } = ZRecordingIdParams.parse(request.params);
      return { items: await recordings.prices(id) };
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/recordings/:id/video',
    config: { rateLimit: false }, // a player seeking makes many range requests
    schema: routeSchema({
      tags: ['replays'],
      summary:
        'The recording (WebM), with HTTP Range requests; with an S3 store, a redirect to a presigned URL of its MP4',
      params: ZRecordingIdParams,
      response: { 200: { content: { [VIDEO_TYPE]: { schema: ZImageBody } } } },
    }),
    handler: async (request, reply) => {
      const { id } = ZRecordingIdParams.parse(request.params);
      const where = await recordings.video(id);
      // The S3 store serves Range requests itself; the presigned URL expires, so the redirect is not cached.
      if ('url' in where) return reply.header('cache-control', 'private, no-store').redirect(where.url, 302);
      return sendRangeFile(request, reply, where.file, VIDEO_TYPE);
    },
  });

  app.delete(
    '/api/recordings/:id',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['replays'], params: ZRecordingIdParams, response: { 204: ZNoContent } }),
    },
    async (request, reply) => {
      const { id } = ZRecordingIdParams.parse(request.params);
      await recordings.remove(id, request.session!.address);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/streams/:mint/recording-settings',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['replays'], params: ZMintParams, response: { 200: ZRecordingSettings } }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return recordings.settings(request.session!.address, mint);
    },
  );

  app.put(
    '/api/streams/:mint/recording-settings',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['replays'],
        params: ZMintParams,
        body: ZRecordingSettings,
        response: { 200: ZRecordingSettings },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const { enabled } = ZRecordingSettings.parse(request.body);
      return recordings.setSettings(request.session!.address, mint, enabled);
    },
  );
};

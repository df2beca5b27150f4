import {
  ZAdminReason,
  ZClip,
  ZClipIdParams,
  ZClipList,
  ZClipSettings,
  ZCreateClipBody,
  ZCreateReplayClipBody,
  ZMintParams,
  ZNoContent,
  ZRecordingIdParams,
} from '@mintcast/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../access/access.ts';
import { routeSchema } from '../http/api-docs.ts';
import { ZImageBody } from '../http/api-schemas.ts';
import { sendRangeFile } from '../recordings/range-file.ts';
import type { ClipsService } from './clips.service.ts';

/** HTTP only: make a clip, a stream's clips, one clip, its MP4 (Range) and poster, removing, the creator's switch. */
export const clipsRoutes = async (
  app: FastifyInstance,
  opts: { clips: ClipsService; access: Pick<Access, 'requireAdmin'> },
) => {
  const { clips, access } = opts;

  app.post(
    '/api/streams/:mint/clips',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['clips'],
        params: ZMintParams,
        body: ZCreateClipBody,
        response: { 201: ZClip },
      }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const body = ZCreateClipBody.parse(request.body);
      return reply.status(201).send(await clips.create(request.session!.address, mint, body));
    },
  );

  app.post(
    '/api/recordings/:id/clips',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['clips'],
        summary: "Clip a past broadcast: the seconds before the replay's playhead",
        params: ZRecordingIdParams,
        body: ZCreateReplayClipBody,
        response: { 201: ZClip },
      }),
    },
    async (request, reply) => {
      const { id } = ZRecordingIdParams.parse(request.params);
      const body = ZCreateReplayClipBody.parse(request.body);
      return reply.status(201).send(await clips.createFromReplay(request.session!.address, id, body));
    },
  );

  app.get(
    '/api/streams/:mint/clips',
    { schema: routeSchema({ tags: ['clips'], params: ZMintParams, response: { 200: ZClipList } }) },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const [items, available] = await Promise.all([clips.list(mint), clips.available()]);
      return reply.header('cache-control', 'no-cache').send({ items, available });
    },
  );

  app.get(
    '/api/clips/:id',
    { schema: routeSchema({ tags: ['clips'], params: ZClipIdParams, response: { 200: ZClip } }) },
    async (request) => clips.get(ZClipIdParams.parse(request.params).id),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/clips/:id/video',
    config: { rateLimit: false }, // a player seeking makes many range requests
    schema: routeSchema({
      tags: ['clips'],
      summary: 'The clip (MP4, H.264 + AAC), with HTTP Range requests',
      params: ZClipIdParams,
      response: { 200: { content: { 'video/mp4': { schema: ZImageBody } } } },
    }),
    handler: async (request, reply) => {
      const { id } = ZClipIdParams.parse(request.params);
      return sendRangeFile(request, reply, await clips.file(id, 'video'), 'video/mp4');
    },
  });

  app.get(
    '/api/clips/:id/poster',
    {
      schema: routeSchema({
        tags: ['clips'],
        summary: 'The clip’s poster frame (JPEG)',
        params: ZClipIdParams,
        response: { 200: { content: { 'image/jpeg': { schema: ZImageBody } } } },
      }),
    },
    async (request, reply) => {
      const { id } = ZClipIdParams.parse(request.params);
      return sendRangeFile(request, reply, await clips.file(id, 'poster'), 'image/jpeg');
    },
  );

  app.delete(
    '/api/clips/:id',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['clips'], params: ZClipIdParams, response: { 204: ZNoContent } }),
    },
    async (request, reply) => {
      await clips.remove(ZClipIdParams.parse(request.params).id, request.session!.address);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/streams/:mint/clip-settings',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['clips'], params: ZMintParams, response: { 200: ZClipSettings } }),
    },
    async (request) => clips.settings(request.session!.address, ZMintParams.parse(request.params).mint),
  );

  app.put(
    '/api/streams/:mint/clip-settings',
    {
      preHandler: app.requireSession,
      schema: routeSchema({
        tags: ['clips'],
        params: ZMintParams,
        body: ZClipSettings,
        response: { 200: ZClipSettings },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      const { enabled } = ZClipSettings.parse(request.body);
      return clips.setSettings(request.session!.address, mint, enabled);
    },
  );

  app.post(
    '/api/admin/clips/:id/remove',
    {
      preHandler: [
        app.requireSession,
        async (request: FastifyRequest) => access.requireAdmin(request.session?.address),
      ],
      schema: routeSchema({
        tags: ['admin'],
        params: ZClipIdParams,
        body: ZAdminReason,
        response: { 204: ZNoContent },
      }),
    },
    async (request, reply) => {
      const { id } = ZClipIdParams.parse(request.params);
      const { reason } = ZAdminReason.parse(request.body);
      await clips.removeAsAdmin(request.session!.address, id, reason);
      return reply.status(204).send();
    },
  );
};

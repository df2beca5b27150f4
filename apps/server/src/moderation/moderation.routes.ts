import {
  ZChatModeration,
  ZChatRules,
  ZChatSettingsUpdate,
  ZMintParams,
  ZModerationLog,
  ZNoContent,
  ZShieldUpdate,
  ZStreamAddressParams,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { ChatModerationService } from './chat-moderation.service.ts';

/** HTTP only: the creator's and moderators' chat tools. Rules and access checks live in the service. */
export const moderationRoutes = async (app: FastifyInstance, opts: { moderation: ChatModerationService }) => {
  const { moderation } = opts;
  const auth = { preHandler: app.requireSession };
  const actor = (request: { session: { address: string } | null }) => request.session!.address;

  app.get(
    '/api/streams/:mint/chat-rules',
    { schema: routeSchema({ tags: ['moderation'], params: ZMintParams, response: { 200: ZChatRules } }) },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return moderation.rules(mint);
    },
  );

  app.get(
    '/api/streams/:mint/moderation',
    {
      ...auth,
      schema: routeSchema({ tags: ['moderation'], params: ZMintParams, response: { 200: ZChatModeration } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'private, no-store');
      return moderation.overview(actor(request), mint);
    },
  );

  app.put(
    '/api/streams/:mint/chat-settings',
    {
      ...auth,
      schema: routeSchema({
        tags: ['moderation'],
        params: ZMintParams,
        body: ZChatSettingsUpdate,
        response: { 200: ZChatModeration },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return moderation.updateSettings(actor(request), mint, ZChatSettingsUpdate.parse(request.body ?? {}));
    },
  );

  app.put(
    '/api/streams/:mint/shield',
    {
      ...auth,
      schema: routeSchema({
        tags: ['moderation'],
        params: ZMintParams,
        body: ZShieldUpdate,
        response: { 200: ZChatModeration },
      }),
    },
    async (request) => {
      const { mint } = ZMintParams.parse(request.params);
      return moderation.setShield(actor(request), mint, ZShieldUpdate.parse(request.body).on);
    },
  );

  app.get(
    '/api/streams/:mint/moderation/log',
    {
      ...auth,
      schema: routeSchema({ tags: ['moderation'], params: ZMintParams, response: { 200: ZModerationLog } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      reply.header('cache-control', 'private, no-store');
      return { items: await moderation.log(actor(request), mint) };
    },
  );

  const toggles = [
    ['moderators', moderation.setModerator],
    ['bans', moderation.setBan],
  ] as const;
  const toggle = {
    ...auth,
    schema: routeSchema({
      tags: ['moderation'],
      params: ZStreamAddressParams,
      response: { 204: ZNoContent },
    }),
  };
  for (const [path, set] of toggles) {
    app.put(`/api/streams/:mint/${path}/:address`, toggle, async (request, reply) => {
      const { mint, address } = ZStreamAddressParams.parse(request.params);
      await set(actor(request), mint, address, true);
      return reply.status(204).send();
    });
    app.delete(`/api/streams/:mint/${path}/:address`, toggle, async (request, reply) => {
      const { mint, address } = ZStreamAddressParams.parse(request.params);
      await set(actor(request), mint, address, false);
      return reply.status(204).send();
    });
  }

  app.delete('/api/streams/:mint/mutes/:address', toggle, async (request, reply) => {
    const { mint, address } = ZStreamAddressParams.parse(request.params);
    await moderation.liftTimeout(actor(request), mint, address);
    return reply.status(204).send();
  });

  app.post(
    '/api/streams/:mint/chat/clear',
    {
      ...auth,
      schema: routeSchema({ tags: ['moderation'], params: ZMintParams, response: { 204: ZNoContent } }),
    },
    async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      await moderation.clear(actor(request), mint);
      return reply.status(204).send();
    },
  );
};

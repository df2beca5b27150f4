import { ZChatSettingsUpdate, ZMintParams, ZStreamAddressParams } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import type { ChatModerationService } from './chat-moderation.service.ts';

/** HTTP only: the creator's and moderators' chat tools. Rules and access checks live in the service. */
export const moderationRoutes = async (app: FastifyInstance, opts: { moderation: ChatModerationService }) => {
  const { moderation } = opts;
  const auth = { preHandler: app.requireSession };
  const actor = (request: { session: { address: string } | null }) => request.session!.address;

  app.get('/api/streams/:mint/chat-rules', async (request) => {
    const { mint } = ZMintParams.parse(request.params);
    return moderation.rules(mint);
  });

  app.get('/api/streams/:mint/moderation', auth, async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    reply.header('cache-control', 'private, no-store');
    return moderation.overview(actor(request), mint);
  });

  app.put('/api/streams/:mint/chat-settings', auth, async (request) => {
    const { mint } = ZMintParams.parse(request.params);
    return moderation.updateSettings(actor(request), mint, ZChatSettingsUpdate.parse(request.body ?? {}));
  });

  const toggles = [
    ['moderators', moderation.setModerator],
    ['bans', moderation.setBan],
  ] as const;
  for (const [path, set] of toggles) {
    app.put(`/api/streams/:mint/${path}/:address`, auth, async (request, reply) => {
      const { mint, address } = ZStreamAddressParams.parse(request.params);
      await set(actor(request), mint, address, true);
      return reply.status(204).send();
    });
    app.delete(`/api/streams/:mint/${path}/:address`, auth, async (request, reply) => {
      const { mint, address } = ZStreamAddressParams.parse(request.params);
      await set(actor(request), mint, address, false);
      return reply.status(204).send();
    });
  }

  app.delete('/api/streams/:mint/mutes/:address', auth, async (request, reply) => {
    const { mint, address } = ZStreamAddressParams.parse(request.params);
    await moderation.liftTimeout(actor(request), mint, address);
    return reply.status(204).send();
  });

  app.post('/api/streams/:mint/chat/clear', auth, async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    await moderation.clear(actor(request), mint);
    return reply.status(204).send();
  });
};

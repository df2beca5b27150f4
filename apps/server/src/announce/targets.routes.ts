import {
  ZAnnounceReminders,
  ZAnnounceTargets,
  ZDiscordConnect,
  ZMintParams,
  ZTelegramConnect,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/api-docs.ts';
import type { TargetsService } from './targets.service.ts';

/**
 * A stream's go-live announcements outside the site, for its creator: `GET /api/streams/{mint}/announce`,
 * `PUT`/`DELETE …/announce/telegram` (bot token + chat id) and `…/announce/discord` (webhook URL), and
 * `PUT …/announce/reminders` (scheduled-broadcast reminders posted too). Every answer is the targets without
 * their secrets.
 */
export const targetsRoutes = (app: FastifyInstance, targets: TargetsService): void => {
  const tags = ['announce'];
  const auth = { preHandler: app.requireSession };
  const actor = (request: { session: { address: string } | null }) => request.session!.address;
  const mintOf = (params: unknown) => ZMintParams.parse(params).mint;

  app.get(
    '/api/streams/:mint/announce',
    { ...auth, schema: routeSchema({ tags, params: ZMintParams, response: { 200: ZAnnounceTargets } }) },
    async (request) => targets.get(actor(request), mintOf(request.params)),
  );
  app.put(
    '/api/streams/:mint/announce/telegram',
    {
      ...auth,
      schema: routeSchema({
        tags,
        params: ZMintParams,
        body: ZTelegramConnect,
        response: { 200: ZAnnounceTargets },
      }),
    },
    async (request) =>
      targets.connectTelegram(actor(request), mintOf(request.params), ZTelegramConnect.parse(request.body)),
  );
  app.put(
    '/api/streams/:mint/announce/discord',
    {
      ...auth,
      schema: routeSchema({
        tags,
        params: ZMintParams,
        body: ZDiscordConnect,
        response: { 200: ZAnnounceTargets },
      }),
    },
    async (request) =>
      targets.connectDiscord(actor(request), mintOf(request.params), ZDiscordConnect.parse(request.body)),
  );
  app.put(
    '/api/streams/:mint/announce/reminders',
    {
      ...auth,
      schema: routeSchema({
        tags,
        params: ZMintParams,
        body: ZAnnounceReminders,
        response: { 200: ZAnnounceTargets },
      }),
    },
    async (request) =>
      targets.setReminders(
        actor(request),
        mintOf(request.params),
        ZAnnounceReminders.parse(request.body).enabled,
      ),
  );
  for (const which of ['telegram', 'discord'] as const)
    app.delete(
      `/api/streams/:mint/announce/${which}`,
      { ...auth, schema: routeSchema({ tags, params: ZMintParams, response: { 200: ZAnnounceTargets } }) },
      async (request) => targets.disconnect(actor(request), mintOf(request.params), which),
    );
};

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { streamsRoutes } from './streams.routes.ts';

/** Streams: the lists, search, a stream's page and the creator's writes (`/api/streams…`). */
const streams: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(streamsRoutes, { streams: ctx.streams });
};

export const streamsPlugin = fp(streams, {
  name: PLUGIN.streams,
  dependencies: [PLUGIN.auth, PLUGIN.platformBans],
  encapsulate: true,
});

import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler, after `requireSession`: 403 `banned` when the signed-in wallet is banned site-wide.
     * On every write a banned wallet must not make: streaming, likes, follows.
     */
    refuseBanned: preHandlerAsyncHookHandler;
    /** 403 `banned` when `address` is banned site-wide (for routes that decide inside the handler). */
    assertNotBanned(address: string): Promise<void>;
    /** Whether `address` is banned site-wide. */
    isBanned(address: string): Promise<boolean>;
  }
}

/** Site-wide bans as route guards: the access module's check (access/access.ts), as preHandler and decorators. */
export const platformBansPlugin = fp(
  async (app, opts: { ctx: AppContext }) => {
    const { access } = opts.ctx;
    app.decorate('isBanned', access.isBanned);
    app.decorate('assertNotBanned', access.assertNotBanned);
    app.decorate('refuseBanned', async (request: FastifyRequest) => {
      if (request.session) await access.assertNotBanned(request.session.address);
    });
  },
  { name: PLUGIN.platformBans },
);

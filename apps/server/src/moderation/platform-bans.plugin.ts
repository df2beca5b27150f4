import { CHAT_RULE_ERRORS } from '@mintcast/contracts';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/errors.ts';
import { PLUGIN } from '../plugin-names.ts';
import { PLATFORM_BANNED_MESSAGE } from './chat-rules.service.ts';

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

/**
 * Site-wide bans, read from the database on each guarded write (one primary-key lookup), so a ban made
 * on one instance holds on every instance at once.
 */
export const platformBansPlugin = fp(
  async (app, opts: { ctx: AppContext }) => {
    const { db } = opts.ctx.database;
    const isBanned = async (address: string): Promise<boolean> => {
      const row = await db
        .selectFrom('platform_bans')
        .select('address')
        .where('address', '=', address.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    };
    const assertNotBanned = async (address: string): Promise<void> => {
      if (await isBanned(address)) throw new AppError(403, CHAT_RULE_ERRORS.banned, PLATFORM_BANNED_MESSAGE);
    };
    app.decorate('isBanned', isBanned);
    app.decorate('assertNotBanned', assertNotBanned);
    app.decorate('refuseBanned', async (request: FastifyRequest) => {
      if (request.session) await assertNotBanned(request.session.address);
    });
  },
  { name: PLUGIN.platformBans },
);

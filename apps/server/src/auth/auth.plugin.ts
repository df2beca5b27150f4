import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { unauthorized } from '../http/errors.ts';
import './session.ts';

/**
 * Sign-in sessions. Placeholder until the identity work lands: no request carries a session yet,
 * so every write endpoint answers 401.
 */
export const authPlugin = fp(async (app, _opts: { ctx: AppContext }) => {
  app.decorate('requireSession', async () => {
    throw unauthorized();
  });
  app.decorate('optionalSession', async () => {});
});

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { unauthorized } from '../http/errors.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { type AuthService, createAuthService } from './auth.service.ts';
import { createKeyStore } from './keys.ts';
import type { RequestSession } from './session.ts';
import './session.ts';

/** A route as registered, for the authorization matrix and audits. */
export interface RegisteredRoute {
  method: string;
  url: string;
  requiresSession: boolean;
  /** Its declared inputs (the route fuzzer walks every string field of them). */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in service (also used by the realtime socket to authenticate its token). */
    auth: AuthService;
    /** Every route registered after auth, with whether it declares `preHandler: app.requireSession`. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** The bearer token of a request, or null; a malformed Authorization header is a 401. */
const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/i.exec(header.trim());
  if (!match?.[1]) throw unauthorized('Malformed Authorization header');
  return match[1];
};

/**
 * Sign-in sessions: SIWE → ES256 access JWT + rotating refresh token, and the two preHandlers every route uses
 * to learn who is calling. The session address is the only identity a route may act for.
 */
export const authPlugin = fp(
  async (app, opts: { ctx: AppContext; nonceLimitPerMinute: number }) => {
    const { config, database } = opts.ctx;
    const keys = await createKeyStore(config.dataDir, config.authSigningKeys);
    const auth = createAuthService(createAuthRepository(database.db), keys, {
      publicOrigin: config.publicOrigin,
      allowedOrigins: config.allowedOrigins,
    });
    app.decorate('auth', auth);

    const requireSession = async (request: FastifyRequest): Promise<void> => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Sign in required');
      request.session = await auth.authenticate(token);
    };
    const optionalSession = async (request: FastifyRequest): Promise<void> => {
      let session: RequestSession | null = null;
      try {
        const token = bearerToken(request);
        if (token) session = await auth.authenticate(token);
      } catch {
        session = null;
      }
      request.session = session;
    };
    app.decorate('requireSession', requireSession);
    app.decorate('optionalSession', optionalSession);

    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.addHook('onRoute', (route) => {
      const handlers = [route.preHandler ?? []].flat();
      const methods = [route.method].flat();
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          requiresSession: handlers.includes(requireSession),
          schema: route.schema,
        });
      }
    });

    await app.register(authRoutes, { auth, nonceLimitPerMinute: opts.nonceLimitPerMinute });
  },
  { name: PLUGIN.auth },
);

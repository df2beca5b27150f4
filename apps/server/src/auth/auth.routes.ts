import {
  ZAuthSession,
  ZAuthUser,
  ZLogoutQuery,
  ZNoContent,
  ZNonceResponse,
  ZRefreshBody,
  ZRefreshQuery,
  ZSiweVerifyBody,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { routeSchema } from '../http/api-docs.ts';
import { ZJwks } from '../http/api-schemas.ts';
import type { AuthService } from './auth.service.ts';

/** HTTP only for `/api/auth/*`; the rules are in the service. */
export const authRoutes = async (
  app: FastifyInstance,
  opts: { auth: AuthService; nonceLimitPerMinute: number },
) => {
  const { auth } = opts;
  const noStore = { 'cache-control': 'no-store' };

  // Every nonce is a row until it is pruned, so it has its own, tighter per-address limit than the API's.
  const nonceLimit = { rateLimit: { max: opts.nonceLimitPerMinute, timeWindow: '1 minute' } };
  app.get(
    '/api/auth/nonce',
    { config: nonceLimit, schema: routeSchema({ tags: ['auth'], response: { 200: ZNonceResponse } }) },
    async (_request, reply) => reply.headers(noStore).send(await auth.issueNonce()),
  );

  app.post(
    '/api/auth/verify',
    { schema: routeSchema({ tags: ['auth'], body: ZSiweVerifyBody, response: { 200: ZAuthSession } }) },
    async (request, reply) => {
      const { message, signature } = ZSiweVerifyBody.parse(request.body);
      return reply.headers(noStore).send(await auth.verifySiwe(message, signature as Hex));
    },
  );

  app.post(
    '/api/auth/token',
    {
      schema: routeSchema({
        tags: ['auth'],
        querystring: ZRefreshQuery,
        body: ZRefreshBody,
        response: { 200: ZAuthSession },
      }),
    },
    async (request, reply) => {
      ZRefreshQuery.parse(request.query);
      const { refresh_token } = ZRefreshBody.parse(request.body);
      return reply.headers(noStore).send(await auth.refresh(refresh_token));
    },
  );

  app.get(
    '/api/auth/user',
    { preHandler: app.requireSession, schema: routeSchema({ tags: ['auth'], response: { 200: ZAuthUser } }) },
    async (request) => auth.user(request.session!.address),
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['auth'], querystring: ZLogoutQuery, response: { 204: ZNoContent } }),
    },
    async (request, reply) => {
      const { scope } = ZLogoutQuery.parse(request.query);
      await auth.signOut(request.session!, scope);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/.well-known/jwks.json',
    { schema: routeSchema({ tags: ['auth'], response: { 200: ZJwks } }) },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(auth.keys.jwks()),
  );
};

import {
  ZAddressParams,
  ZAdminNsfw,
  ZAdminReason,
  ZAdminStatus,
  ZAuditLog,
  ZMintParams,
  ZNoContent,
  ZPlatformBanList,
  ZReportIdParams,
  ZReportList,
  ZReportsQuery,
} from '@mintcast/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import type { Access } from '../access/access.ts';
import { routeSchema } from '../http/api-docs.ts';
import type { AdminService } from './admin.service.ts';

/** HTTP only: `/api/admin/*`, every route for the wallets of `ADMIN_ADDRESSES` alone. */
export const adminRoutes = async (
  app: FastifyInstance,
  opts: { admin: AdminService; access: Pick<Access, 'isAdmin' | 'requireAdmin'> },
) => {
  const { admin, access } = opts;
  const requireAdmin = async (request: FastifyRequest) => access.requireAdmin(request.session?.address);
  const asAdmin = { preHandler: [app.requireSession, requireAdmin] };
  /** An admin action on a path with these params: an optional reason in, nothing out. */
  const action = (params: $ZodType, body: $ZodType = ZAdminReason) => ({
    ...asAdmin,
    schema: routeSchema({ tags: ['admin'], params, body, response: { 204: ZNoContent } }),
  });
  const me = (request: FastifyRequest) => request.session!.address;
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/admin/status',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['admin'], response: { 200: ZAdminStatus } }),
    },
    async (request, reply) => reply.headers(noStore).send({ isAdmin: access.isAdmin(me(request)) }),
  );

  app.get(
    '/api/admin/reports',
    {
      ...asAdmin,
      schema: routeSchema({ tags: ['admin'], querystring: ZReportsQuery, response: { 200: ZReportList } }),
    },
    async (request, reply) => {
      const { status } = ZReportsQuery.parse(request.query);
      return reply.headers(noStore).send({ items: await admin.reports(status) });
    },
  );
  app.get(
    '/api/admin/bans',
    { ...asAdmin, schema: routeSchema({ tags: ['admin'], response: { 200: ZPlatformBanList } }) },
    async (_request, reply) => reply.headers(noStore).send({ items: await admin.bans() }),
  );
  app.get(
    '/api/admin/audit',
    { ...asAdmin, schema: routeSchema({ tags: ['admin'], response: { 200: ZAuditLog } }) },
    async (_request, reply) => reply.headers(noStore).send({ items: await admin.auditLog() }),
  );

  app.post('/api/admin/reports/:id/dismiss', action(ZReportIdParams), async (request, reply) => {
    const { id } = ZReportIdParams.parse(request.params);
    const { reason } = ZAdminReason.parse(request.body ?? {});
    await admin.dismissReport(me(request), id, reason);
    return reply.status(204).send();
  });

  app.post('/api/admin/streams/:mint/end', action(ZMintParams), async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    const { reason } = ZAdminReason.parse(request.body ?? {});
    await admin.endStream(me(request), mint, reason);
    return reply.status(204).send();
  });

  app.post('/api/admin/streams/:mint/allow-live', action(ZMintParams), async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    const { reason } = ZAdminReason.parse(request.body ?? {});
    await admin.allowLive(me(request), mint, reason);
    return reply.status(204).send();
  });

  for (const [path, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    app.post(`/api/admin/streams/:mint/${path}`, action(ZMintParams), async (request, reply) => {
      const { mint } = ZMintParams.parse(request.params);
      const { reason } = ZAdminReason.parse(request.body ?? {});
      await admin.setHidden(me(request), mint, hidden, reason);
      return reply.status(204).send();
    });
  }

  app.post('/api/admin/streams/:mint/nsfw', action(ZMintParams, ZAdminNsfw), async (request, reply) => {
    const { mint } = ZMintParams.parse(request.params);
    const { nsfw, reason } = ZAdminNsfw.parse(request.body ?? {});
    await admin.setNsfw(me(request), mint, nsfw, reason);
    return reply.status(204).send();
  });

  for (const [path, ban] of [
    ['ban', true],
    ['unban', false],
  ] as const) {
    app.post(`/api/admin/wallets/:address/${path}`, action(ZAddressParams), async (request, reply) => {
      const { address } = ZAddressParams.parse(request.params);
      const { reason } = ZAdminReason.parse(request.body ?? {});
      if (ban) await admin.ban(me(request), address, reason);
      else await admin.unban(me(request), address, reason);
      return reply.status(204).send();
    });
  }
};

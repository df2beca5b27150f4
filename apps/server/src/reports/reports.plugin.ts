import { ZReportCreated, ZReportRequest } from '@mintcast/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { routeSchema } from '../http/api-docs.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

/** `POST /api/reports`: any signed-in wallet reports a stream or a chat message. */
const reports: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reports = createReportsService(createReportsRepository(ctx.database.db), ctx.now);
  app.post(
    '/api/reports',
    {
      preHandler: app.requireSession,
      schema: routeSchema({ tags: ['moderation'], body: ZReportRequest, response: { 201: ZReportCreated } }),
    },
    async (request, reply) =>
      reply.status(201).send(await reports.file(request.session!.address, request.body as never)),
  );
};

export const reportsPlugin = fp(reports, {
  name: PLUGIN.reports,
  dependencies: [PLUGIN.auth],
  encapsulate: true,
});

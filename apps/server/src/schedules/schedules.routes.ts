import { ZAddress, ZMintParams, ZScheduleBody, ZScheduleList, ZStreamSchedule } from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routeSchema } from '../http/api-docs.ts';
import { ZTextBody } from '../http/api-schemas.ts';
import type { SchedulesService } from './schedules.service.ts';

const ZScheduleListQuery = z.object({ creator: z.optional(ZAddress) });

/**
 * HTTP only, scheduled broadcasts: `GET /api/schedules` (upcoming, optionally one creator's), and per stream
 * `GET`/`PUT`/`DELETE /api/streams/{mint}/schedule` (the creator sets and cancels), `PUT`/`DELETE
 * …/schedule/reminder` (a signed-in wallet asks to be reminded) and `GET …/schedule.ics`.
 */
export const schedulesRoutes = (app: FastifyInstance, schedules: SchedulesService): void => {
  const tags = ['schedules'];
  const auth = { preHandler: app.requireSession };
  const actor = (request: { session: { address: string } | null }) => request.session!.address;
  const mintOf = (params: unknown) => ZMintParams.parse(params).mint;
  const one = { 200: ZStreamSchedule };

  app.get(
    '/api/schedules',
    { schema: routeSchema({ tags, querystring: ZScheduleListQuery, response: { 200: ZScheduleList } }) },
    async (request) => ({ items: await schedules.list(ZScheduleListQuery.parse(request.query).creator) }),
  );
  app.get(
    '/api/streams/:mint/schedule',
    { preHandler: app.optionalSession, schema: routeSchema({ tags, params: ZMintParams, response: one }) },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await schedules.get(mintOf(request.params), request.session?.address ?? null)),
  );
  app.put(
    '/api/streams/:mint/schedule',
    { ...auth, schema: routeSchema({ tags, params: ZMintParams, body: ZScheduleBody, response: one }) },
    async (request) =>
      schedules.set(actor(request), mintOf(request.params), ZScheduleBody.parse(request.body)),
  );
  app.delete(
    '/api/streams/:mint/schedule',
    { ...auth, schema: routeSchema({ tags, params: ZMintParams, response: one }) },
    async (request) => schedules.cancel(actor(request), mintOf(request.params)),
  );
  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const)
    app.route({
      method,
      url: '/api/streams/:mint/schedule/reminder',
      ...auth,
      schema: routeSchema({ tags, params: ZMintParams, response: one }),
      handler: async (request) => schedules.remind(actor(request), mintOf(request.params), on),
    });
  app.get(
    '/api/streams/:mint/schedule.ics',
    {
      schema: routeSchema({
        tags,
        params: ZMintParams,
        response: {
          200: {
            content: {
              'text/calendar': { schema: ZTextBody('The broadcast as an iCalendar file (RFC 5545)') },
            },
          },
        },
      }),
    },
    async (request, reply) => {
      const mint = mintOf(request.params);
      const body = await schedules.ics(mint);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="mintcast-${mint}.ics"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

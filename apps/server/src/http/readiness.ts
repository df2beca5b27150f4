import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { LivekitConfig } from '../env.ts';
import { routeSchema } from './api-docs.ts';
import { ZReadiness } from './api-schemas.ts';

const CHECK_TIMEOUT_MS = 2_000;
/**
 * How long one check's answer is reused. The route is exempt from the per-address limit (a load balancer
 * asks it every few seconds from one address), so without this a flood of requests was a flood of database
 * queries and media server requests: now it costs one check a second, whatever its rate.
 */
export const READY_CACHE_MS = 1_000;

type Readiness = { db: 'ok' | 'down'; media: 'ok' | 'down' };

/** The media server's HTTP origin: the RoomService URL when set, else the signalling URL in http form. */
const mediaHttpOrigin = (livekit: LivekitConfig): string =>
  (livekit.apiUrl ?? livekit.url).replace(/^ws/, 'http').replace(/\/+$/, '');

/**
 * `GET /api/ready`: 200 when this instance can serve — the database answers and the media server (embedded or
 * LiveKit, both answer `GET /` with 200) is reachable — else 503 naming what is down, so a load balancer takes
 * the instance out of rotation. `/api/health` stays the liveness check (the process and its database).
 */
export const readinessRoute = (
  app: FastifyInstance,
  deps: { database: DatabaseHandle; livekit: LivekitConfig; now: () => number },
) => {
  const check = async (): Promise<Readiness> => {
    const [db, media] = await Promise.all([
      sql`select 1`
        .execute(deps.database.db)
        .then(() => 'ok' as const)
        .catch(() => 'down' as const),
      fetch(`${mediaHttpOrigin(deps.livekit)}/`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
        .then((r) => (r.ok ? ('ok' as const) : ('down' as const)))
        .catch(() => 'down' as const),
    ]);
    return { db, media };
  };
  // One check in flight at a time, shared by every request that comes meanwhile; its answer kept a second.
  let last: { at: number; result: Promise<Readiness> } | undefined;
  const readiness = (): Promise<Readiness> => {
    const now = deps.now();
    if (!last || now - last.at >= READY_CACHE_MS) last = { at: now, result: check() };
    return last.result;
  };

  app.get(
    '/api/ready',
    {
      config: { rateLimit: false },
      schema: routeSchema({ tags: ['ops'], response: { 200: ZReadiness, 503: ZReadiness } }),
    },
    async (_req, reply) => {
      const { db, media } = await readiness();
      const ready = db === 'ok' && media === 'ok';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', db, media });
    },
  );
};

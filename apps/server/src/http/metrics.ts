import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { routeSchema } from './api-docs.ts';
import { ZTextBody } from './api-schemas.ts';
import { unauthorized } from './errors.ts';

/** Seconds; from a cached read (~1 ms) to a request a client gives up on. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The API server's Prometheus metrics. One registry per app (not prom-client's global one): tests and the
 * two-instance set-up run several apps in one process, and each must count only its own traffic.
 */
export const createMetrics = (opts: { processMetrics: boolean }) => {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  /** Open sockets by kind, read when scraped from whoever holds them (the realtime hub, the media proxy). */
  const socketSources = new Map<string, () => number>();
  /** Viewers by delivery tier, read when scraped from whoever counts them (the live feature). */
  const viewerSources = new Map<string, () => number | Promise<number>>();

  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    websockets: new Gauge({
      name: 'websocket_connections',
      help: 'Open WebSocket connections by kind (realtime, media).',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        for (const [kind, count] of socketSources) this.set({ kind }, count());
      },
    }),
    chatPosts: new Counter({
      name: 'chat_messages_posted_total',
      help: 'Chat messages accepted by this instance.',
      registers: [registry],
    }),
    chatDeliveries: new Counter({
      name: 'chat_messages_delivered_total',
      help: "Chat events (messages, deletions) queued to this instance's realtime sockets.",
      registers: [registry],
    }),
    marketUpstreamCalls: new Counter({
      name: 'market_upstream_calls_total',
      help: 'Calls to the market data upstream (DexScreener) by outcome.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    marketCacheHits: new Counter({
      name: 'market_cache_hits_total',
      help: 'Market data lookups answered from the cache without waiting for the upstream.',
      registers: [registry],
    }),
    marketCacheMisses: new Counter({
      name: 'market_cache_misses_total',
      help: 'Market data lookups that waited for an upstream call.',
      registers: [registry],
    }),
    dbQueryDuration: new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Database statements by operation and outcome.',
      labelNames: ['operation', 'outcome'] as const,
      buckets: DB_BUCKETS,
      registers: [registry],
    }),
    hlsRequests: new Counter({
      name: 'http_tier_requests_total',
      help: 'HTTP-tier (HLS) files served by this origin, by kind (playlist, segment).',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    hlsBytes: new Counter({
      name: 'http_tier_origin_bytes_total',
      help: 'Bytes of HTTP-tier playlists and segments served by this origin (a cache in front saves the rest).',
      registers: [registry],
    }),
    liveViewers: new Gauge({
      name: 'live_viewers',
      help: "Viewers of live streams by tier (webrtc, http): the site's totals, the same on every instance (aggregate with max, not sum).",
      labelNames: ['tier'] as const,
      registers: [registry],
      async collect() {
        for (const [tier, count] of viewerSources) this.set({ tier }, await count());
      },
    }),
    /** Report the viewers of one tier at scrape time. */
    setViewerSource(tier: 'webrtc' | 'http', count: () => number | Promise<number>) {
      viewerSources.set(tier, count);
    },
    /** Report the open sockets of one kind at scrape time. */
    countSockets(kind: string, count: () => number) {
      socketSources.set(kind, count);
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who may read `/metrics`: with a token, whoever presents it as a bearer; without one, only a scraper on this
 * machine talking to the socket directly (a request relayed by a proxy carries a forwarding header).
 */
const metricsAccess = (
  request: FastifyRequest,
  token: string | undefined,
): 'ok' | 'unauthorized' | 'hidden' => {
  if (token) {
    const auth = request.headers.authorization ?? '';
    return auth.startsWith('Bearer ') && sameSecret(auth.slice(7), token) ? 'ok' : 'unauthorized';
  }
  const direct = FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
  return direct && LOOPBACK.has(request.socket.remoteAddress ?? '') ? 'ok' : 'hidden';
};

/** Time every request by its route pattern (not its URL: one series per route) and serve `GET /metrics`. */
export const installMetrics = (app: FastifyInstance, metrics: Metrics, token: string | undefined) => {
  // A callback hook (not async): it runs on every request, and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics')
      metrics.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    done();
  });

  app.get(
    '/metrics',
    {
      config: { rateLimit: false },
      schema: routeSchema({
        tags: ['ops'],
        summary: 'Prometheus metrics (METRICS_TOKEN bearer; without a token, only from this machine)',
        security: [{ metricsToken: [] }],
        response: {
          200: { content: { 'text/plain': { schema: ZTextBody('Prometheus text exposition format') } } },
        },
      }),
    },
    async (request, reply) => {
      const access = metricsAccess(request, token);
      if (access === 'unauthorized') throw unauthorized('Metrics need the METRICS_TOKEN bearer');
      // Without a token the endpoint is not advertised beyond this machine: the same 404 as any unknown path.
      if (access === 'hidden')
        return reply.status(404).send({ error: { code: 'not_found', message: 'No route for GET /metrics' } });
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
};

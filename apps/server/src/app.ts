import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import {
  BSC_CHAIN_ID,
  MARKET_DATA_SERVICE_NAME,
  type TPublicConfig,
  ZPublicConfig,
} from '@mintcast/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createAccessRepository } from './access/access.repository.ts';
import { createAccess } from './access/access.ts';
import type { AppContext } from './app-context.ts';
import { authPlugin } from './auth/auth.plugin.ts';
import { createClipsRepository } from './clips/clips.repository.ts';
import { toClip } from './clips/clips.service.ts';
import type { DatabaseHandle, QueryObserver } from './db/database.ts';
import { PGLITE_ANALYZE_EVERY_MS, startPgliteAnalyze } from './db/pglite-analyze.ts';
import type { AppConfig, TrustProxy } from './env.ts';
import { featurePlugins } from './features.ts';
import { installApiDocs, routeSchema } from './http/api-docs.ts';
import { ZHealth } from './http/api-schemas.ts';
import { type ClientCaps, DEFAULT_CLIENT_CAPS } from './http/client-caps.ts';
import { clientErrors, frameworkErrors, installErrorHandling } from './http/errors.ts';
import { createFirstViewRenderer } from './http/first-view.ts';
import { createPageHtml, sendHtml, streamPageHtml } from './http/html-page.ts';
import { installMediaProxy } from './http/media-proxy.ts';
import { createMetrics, installMetrics } from './http/metrics.ts';
import { readinessRoute } from './http/readiness.ts';
import { RequestLogController } from './http/request-logging.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { clipPageId, streamPageMint, withClipShareTags } from './http/share-meta.ts';
import { ASSETS_PREFIX, isBuildAsset, serveSpa } from './http/spa.ts';
import { platformBansPlugin } from './moderation/platform-bans.plugin.ts';
import { createStreamsRepository } from './streams/streams.repository.ts';
import { createStreamsService } from './streams/streams.service.ts';

/** What an incoming x-request-id must look like to be kept (else we make one). */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Requests per minute per client IP across the API; tests and benchmarks raise it. */
  rateLimitPerMinute?: number;
  /** Sign-in nonces per minute per client address (each is a database row); tests raise it. */
  nonceLimitPerMinute?: number;
  /** Clock of the time-based rules (slow mode, timeouts, report limits); tests inject one. */
  now?: () => number;
  /** Sockets one client address may hold open; tests lower it, load generators lift it. */
  clientCaps?: Partial<ClientCaps>;
}

/** Assemble the Fastify app: error handling, API routes, then the SPA. */
export type App = FastifyInstance & { ctx: AppContext };

/** Fastify counts hops at run time but types only a function for it: trust the first `n` hops. */
const fastifyTrustProxy = (trust: TrustProxy) => {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
};

export const buildApp = async (opts: BuildAppOptions): Promise<App> => {
  const { config, database } = opts;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 100 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: false,
    frameworkErrors,
    clientErrorHandler: clientErrors,
    logController: new RequestLogController(),
    // A proxy's request id is kept (one id across the proxy's and our logs) when it looks like an id.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
  });
  // The API's JSON answers brotli- or gzip-compressed when the client accepts it and they are over 1 KB (the
  // home page's stream lists, Lighthouse's "text compression", decision 017). Registered before any route:
  // the plugin hooks routes as they are added. Pages and build files are compressed already (sendHtml, the
  // build's .br/.gz), and request bodies are read as before (no decompression of uploads).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: /(?:\+|\/)json(?:;|$)/,
    globalDecompression: false,
  });
  installErrorHandling(app);
  await installApiDocs(app, { publicOrigin: config.publicOrigin, checkResponses: config.env === 'test' });
  const indexPath = path.join(config.webDist, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : '';
  await installSecurityHeaders(app, config, indexHtml);
  app.decorateRequest('session', null);

  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitPerMinute ?? 1200,
    timeWindow: '1 minute',
    // The build's hashed files are not counted: one page load fetches some sixty of them (cached for a year
    // after), so visitors sharing an address (an office, a phone carrier's NAT) would be refused after a few
    // page views while the API they call is still well under its limit.
    allowList: isBuildAsset,
    // Thrown by the plugin and rendered by the error handler as { error: { code: 'rate_limited', message } }.
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s`,
    }),
  });

  // Process metrics (CPU, memory, event loop) only for a real server: tests run many apps in one process.
  const metrics = createMetrics({ processMetrics: config.env !== 'test' });
  const observeQuery: QueryObserver = (q) =>
    metrics.dbQueryDuration.observe({ operation: q.operation, outcome: q.ok ? 'ok' : 'error' }, q.ms / 1000);
  database.queryObservers.add(observeQuery);
  app.addHook('onClose', async () => {
    database.queryObservers.delete(observeQuery);
  });
  installMetrics(app, metrics, config.metricsToken);
  // The embedded database has no autovacuum: the server keeps its planner statistics fresh itself.
  if (database.pglite) {
    const analyze = startPgliteAnalyze({
      db: database.db,
      everyMs: config.pgliteAnalyzeEveryMs ?? PGLITE_ANALYZE_EVERY_MS,
      log: app.log,
    });
    app.addHook('onClose', () => analyze.stop());
  }

  const streams = createStreamsService(createStreamsRepository(database.db));
  const ctx: AppContext = {
    metrics,
    config,
    database,
    streams,
    access: createAccess(createAccessRepository(database.db), { admins: config.adminAddresses }),
    now: opts.now ?? Date.now,
    caps: { ...DEFAULT_CLIENT_CAPS, ...opts.clientCaps },
    mediaWebhooks: new Set(),
  };

  await app.register(authPlugin, { ctx, nonceLimitPerMinute: opts.nonceLimitPerMinute ?? 60 });
  await app.register(platformBansPlugin, { ctx });

  // A callback hook (not async): every request pays for each promise a hook makes.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  readinessRoute(app, { database, livekit: config.livekit, now: ctx.now });

  app.get(
    '/api/health',
    { schema: routeSchema({ tags: ['ops'], response: { 200: ZHealth } }) },
    async (_req, reply) => {
      await sql`select 1`.execute(database.db);
      return reply.send({ status: 'ok', db: 'ok' });
    },
  );
  app.get(
    '/api/config',
    { schema: routeSchema({ tags: ['ops'], response: { 200: ZPublicConfig } }) },
    async (): Promise<TPublicConfig> => ({
      chainId: BSC_CHAIN_ID,
      livekitUrl: config.livekit.url,
      publicOrigin: config.publicOrigin,
      marketDataServiceName: MARKET_DATA_SERVICE_NAME,
      // Named field by field: the server's own RPC URL (config.chain.rpcUrl) may hold a provider's key.
      chain: {
        rpcUrl: config.chain.publicRpcUrl,
        explorerUrl: config.chain.explorerUrl,
        router: config.chain.router,
        factory: config.chain.factory,
        wbnb: config.chain.wbnb,
        tipConfirmations: config.chain.tipConfirmations,
      },
    }),
  );

  for (const plugin of featurePlugins) await app.register(plugin, { ctx });
  if (config.livekit.proxyTarget)
    installMediaProxy(app, {
      target: config.livekit.proxyTarget,
      trustProxy: config.trustProxy,
      socketsPerAddress: ctx.caps.socketsPerAddress,
      countSockets: (count) => metrics.countSockets('media', count),
    });

  const spa = await serveSpa(app, config.webDist);
  const pageHtml = createPageHtml(config.webDist, indexHtml);
  const clipsRepo = createClipsRepository(database.db);
  const renderer = spa ? createFirstViewRenderer(config.webDist, app.log) : null;
  if (renderer) app.addHook('onClose', () => renderer.close());
  // Pages (a stream page is rendered on the server) and unknown paths count against the per-address limit
  // too: the plugin's global hook only sees matched routes.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing build file is a 404, never the page: a tab opened before a new build asks for chunks that
    // are gone, and index.html in their place is a MIME error instead of a clear "not found".
    const isAsset = request.url.startsWith(ASSETS_PREFIX);
    if (!isApi && !isAsset && spa && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      const mint = streamPageMint(request.url);
      const stream = mint ? await streams.get(mint).catch(() => null) : null;
      if (stream) {
        const page = await streamPageHtml(indexHtml, stream, { origin: config.publicOrigin, renderer });
        return sendHtml(request, reply, page, false);
      }
      // A clip page carries its player tags, so a shared link plays inline (crawlers don't run the SPA).
      const clipId = clipPageId(request.url);
      const clipRow = clipId ? await clipsRepo.find(clipId).catch(() => undefined) : undefined;
      if (clipRow && !clipRow.deleted_at) {
        const token = await streams.get(clipRow.stream_id).catch(() => null);
        const page = withClipShareTags(
          indexHtml,
          toClip(clipRow),
          token?.name ?? 'Mintcast',
          config.publicOrigin,
        );
        return sendHtml(request, reply, page, false);
      }
      return sendHtml(request, reply, pageHtml(request.url), true);
    }
    return reply.status(404).send({
      error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    });
  });

  return Object.assign(app as FastifyInstance, { ctx });
};

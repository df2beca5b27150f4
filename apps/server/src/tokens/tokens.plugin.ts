import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { runAsLeader } from '../db/advisory-lock.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createDexScreenerClient } from './dexscreener-client.ts';
import { createMarketRepository } from './market.repository.ts';
import { createMarketGateway } from './market-gateway.ts';
import { createMarketRefresh } from './market-refresh.ts';
import { createMarketSnapshots } from './market-snapshots.repository.ts';
import { createSharedUpstreamLimiter } from './shared-upstream-limiter.ts';
import { tokensRoutes } from './tokens.routes.ts';
import { createViewTracker } from './view-tracker.ts';

/** Market data: the cached DexScreener gateway (`GET /api/tokens/{address}`) and the refresh job. */
const tokens: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const client = createDexScreenerClient({
    baseUrl: ctx.config.marketDataUrl,
    // One budget for every instance on this database (DexScreener counts requests per client).
    limiter: createSharedUpstreamLimiter(ctx.database.db, { log: app.log }),
  });
  const { marketUpstreamCalls, marketCacheHits, marketCacheMisses } = ctx.metrics;
  // Every fresh price of a live stream's token is kept for its replay's chart (issue 30).
  const snapshots = createMarketSnapshots(ctx.database.db);
  const gateway = createMarketGateway({
    client,
    ...(ctx.config.marketCacheTtlMs ? { ttlMs: ctx.config.marketCacheTtlMs } : {}),
    log: app.log,
    onFresh: (data, at) =>
      void snapshots
        .record(
          data.map((d) => ({ mint: d.address, priceUsd: d.priceUsd, marketCap: d.marketCap })),
          new Date(at),
        )
        .catch((err: unknown) => app.log.warn({ err }, 'market: price snapshot not kept')),
    observe: {
      upstreamCall: (ok) => marketUpstreamCalls.inc({ outcome: ok ? 'ok' : 'error' }),
      lookup: (hit) => (hit ? marketCacheHits : marketCacheMisses).inc(),
    },
  });
  const repo = createMarketRepository(ctx.database.db);
  const views = createViewTracker(repo, { log: app.log });
  await app.register(tokensRoutes, { gateway, views });

  const intervalMs = ctx.config.marketRefreshIntervalMs;
  // Prices are kept as long as the replays they chart.
  const keepDays = ctx.config.recordings?.retentionDays ?? 30;
  const refresh = createMarketRefresh({ gateway, repo, streams: ctx.streams, log: app.log });
  // One instance of the site refreshes per interval (the leader); the others take over if it goes away.
  const stopRefresh =
    intervalMs > 0
      ? runAsLeader(
          ctx.database,
          'market-refresh',
          intervalMs,
          async () => {
            await refresh.runOnce();
            await snapshots.prune(new Date(ctx.now() - keepDays * 86_400_000));
          },
          app.log,
        )
      : null;
  app.addHook('onClose', async () => {
    await stopRefresh?.();
    await views.flush();
  });
};

export const tokensPlugin = fp(tokens, {
  name: PLUGIN.tokens,
  encapsulate: true,
});

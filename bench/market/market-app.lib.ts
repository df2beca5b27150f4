import { startMarketStandin } from '@mintcast/market-standin';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';

/**
 * The real app on an in-memory PGlite, listening on an ephemeral port, with its market data from the
 * DexScreener stand-in (which counts what reaches it). No background refresh and no request rate limit,
 * so the figures are the gateway's alone.
 */
export const startMarketApp = async (opts: { upstreamLatencyMs?: number } = {}) => {
  const standin = await startMarketStandin();
  if (opts.upstreamLatencyMs) standin.setLatency(opts.upstreamLatencyMs);
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MARKET_DATA_URL: standin.url,
    MARKET_REFRESH_INTERVAL_MS: '0',
  });
  const app = await buildApp({
    config,
    database,
    rateLimitPerMinute: 1_000_000_000,
    nonceLimitPerMinute: 1_000_000_000,
    // Load generators run every client from one address.
    clientCaps: { socketsPerAddress: 1_000_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = async () => {
    await app.close();
    await database.close();
    await standin.close();
  };
  return { standin, port, close };
};

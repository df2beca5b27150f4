/**
 * Child process for the cached-gateway benchmark: the DexScreener stand-in and the real app on an
 * in-memory PGlite. Prints `READY <port>` once the token is in the gateway's cache.
 */
import { startMarketStandin } from '@mintcast/market-standin';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';

process.env.MARKET_REFRESH_INTERVAL_MS = '0';
const standin = await startMarketStandin();
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  MARKET_DATA_URL: standin.url,
});
const app = await buildApp({ config, database, rateLimitPerMinute: 1_000_000_000 });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
await fetch(`http://127.0.0.1:${port}/api/tokens/${process.env.BENCH_TOKEN}`); // warm the cache
console.log(`READY ${port}`);
// Cumulative CPU time every 250 ms, so the parent can difference it around its load run.
setInterval(() => {
  const used = process.cpuUsage();
  console.log(`CPU ${used.user + used.system}`);
}, 250).unref();
process.once('SIGTERM', () => {
  console.log(`UPSTREAM ${standin.requests()}`);
  process.exit(0);
});

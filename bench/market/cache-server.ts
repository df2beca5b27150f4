/**
 * Child process for the cached-gateway benchmark: the DexScreener stand-in and the real app on an
 * in-memory PGlite. Prints `READY <port>` once the token is in the gateway's cache.
 */
import { startMarketApp } from './market-app.lib.ts';

const { standin, port } = await startMarketApp();
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

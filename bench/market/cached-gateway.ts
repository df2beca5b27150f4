/**
 * Issue 3 budget: `GET /api/tokens/{address}` served from the gateway's cache, p99 at 2,000 req/s.
 * The app runs in its own process (see cache-server.ts) so the load generator does not share its event
 * loop; the load is open-loop at a fixed 2,000 req/s (bench/support/paced.ts).
 * Run: npx tsx bench/market/cached-gateway.ts   (BENCH_SECONDS, default 15)
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startReadyChild } from '../support/child.ts';
import { pacedLoad, percentile } from '../support/paced.ts';
import { ms, perSec, report } from '../support/report.ts';

const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 2_000);

const { child, port } = await startReadyChild(path.join(import.meta.dirname, 'cache-server.ts'), {
  BENCH_TOKEN: TOKEN,
});
let upstream = '?';
let cpuMicros = 0;
child.stdout?.on('data', (d) => {
  const text = String(d);
  const m = text.match(/UPSTREAM (\d+)/);
  if (m?.[1]) upstream = m[1];
  for (const c of text.matchAll(/CPU (\d+)/g)) cpuMicros = Number(c[1]);
});
const url = `http://127.0.0.1:${port}/api/tokens/${TOKEN}`;
// Short warm-up so JIT and connection set-up are not in the figures.
await autocannon({ url, connections: 16, duration: 2 });
// Same rate on a route that does no work (static config), as the floor this machine allows right now.
const floor = await pacedLoad(`http://127.0.0.1:${port}/api/config`, RATE, 5);
await new Promise((r) => setTimeout(r, 400));
const cpuBefore = cpuMicros;
const t0 = performance.now();
const result = await pacedLoad(url, RATE, DURATION);
const achieved = result.latencies.length / ((performance.now() - t0) / 1000);
const lat = result.latencies;
await new Promise((r) => setTimeout(r, 400));
const cpuUsed = cpuMicros - cpuBefore;
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

report('Market data gateway served from cache', 'npx tsx bench/market/cached-gateway.ts', [
  ['machine load (1 min) / cores', `${loadavg()[0]?.toFixed(1)} / ${cpus().length}`],
  ['target rate / duration', `${perSec(RATE)} for ${DURATION} s, open loop`],
  ['achieved', perSec(achieved)],
  ['requests (non-2xx, errors)', `${lat.length} (${result.non2xx}, ${result.errors})`],
  [
    'latency p50 / p90 / p99',
    `${ms(percentile(lat, 50))} / ${ms(percentile(lat, 90))} / ${ms(percentile(lat, 99))} (budget p99 ≤ 5 ms)`,
  ],
  ['latency max', ms(Math.max(...lat))],
  ['server CPU per request', `${(cpuUsed / 1000 / Math.max(1, lat.length)).toFixed(3)} ms`],
  [
    'floor: GET /api/config p50 / p99',
    `${ms(percentile(floor.latencies, 50))} / ${ms(percentile(floor.latencies, 99))}`,
  ],
  [
    'upstream requests during the run',
    `${upstream} (the warm-up miss, then one background refresh per 15 s TTL)`,
  ],
]);

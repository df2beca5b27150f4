/**
 * Issue 3 budget: `GET /api/tokens/{address}` served from the gateway's cache, p99 at 2,000 req/s.
 * The app runs in its own process (see cache-server.ts); the load comes from wrk (Debian package `wrk`),
 * paced to ≈ 2,000 req/s (bench/support/wrk.ts), so the generator takes little of the 2 cores.
 * The same load on `/api/config` (no work at all) is printed as the floor this machine allows.
 * Run: npx tsx bench/market/cached-gateway.ts   (BENCH_SECONDS, default 20; BENCH_RATE, default 2000)
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { startReadyChild } from '../support/child.ts';
import { printMachineLoad } from '../support/load.ts';
import { ms, perSec, report } from '../support/report.ts';
import { haveWrk, wrkPaced } from '../support/wrk.ts';

printMachineLoad();

const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 2_000);

if (!(await haveWrk())) {
  console.error('cached-gateway needs wrk: apt-get install -y wrk');
  process.exit(1);
}
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
// Warm-up so JIT and connection set-up are not in the figures.
await wrkPaced(url, { rate: RATE, seconds: 3 });
// Same rate on a route that does no work (static config), as the floor this machine allows right now.
const floor = await wrkPaced(`http://127.0.0.1:${port}/api/config`, { rate: RATE, seconds: 10 });
await new Promise((r) => setTimeout(r, 400));
const cpuBefore = cpuMicros;
const result = await wrkPaced(url, { rate: RATE, seconds: DURATION });
await new Promise((r) => setTimeout(r, 400));
const cpuUsed = cpuMicros - cpuBefore;
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

report('Market data gateway served from cache', 'npx tsx bench/market/cached-gateway.ts', [
  ['machine load (1 min) / cores', `${loadavg()[0]?.toFixed(1)} / ${cpus().length}`],
  ['target rate / duration', `${perSec(RATE)} for ${DURATION} s (wrk, paced connections)`],
  ['achieved', perSec(result.perSecond)],
  ['requests (non-2xx, socket errors)', `${result.requests} (${result.non2xx}, ${result.socketErrors})`],
  [
    'latency p50 / p90 / p99',
    `${ms(result.p50)} / ${ms(result.p90)} / ${ms(result.p99)} (budget p99 ≤ 5 ms)`,
  ],
  ['latency max', ms(result.max)],
  ['server CPU per request', `${(cpuUsed / 1000 / Math.max(1, result.requests)).toFixed(3)} ms`],
  ['floor: GET /api/config p50 / p99', `${ms(floor.p50)} / ${ms(floor.p99)} at ${perSec(floor.perSecond)}`],
  [
    'upstream requests during the run',
    `${upstream} (the warm-up miss, then one background refresh per 15 s TTL)`,
  ],
]);

/**
 * Issue 3 budget: 1,000 viewers polling one token every 30 s for 2 minutes → upstream requests per
 * minute for that token, against the 4,000/min of every browser calling DexScreener itself (two cards,
 * each polling every 30 s: 1,000 × 2 × 2/min).
 *
 * Runs in real time (2 min by default; BENCH_VIEWER_SECONDS shortens it): each viewer starts at a random
 * moment of the first 30 s and then polls every 30 s, as the web app's TOKEN_POLL_MS does. The real app
 * (Fastify + gateway, in-memory PGlite) answers over HTTP; the DexScreener stand-in counts what reaches it.
 * Run: npx tsx bench/market/viewers.ts
 */
import { cpus, loadavg } from 'node:os';
import { TOKEN_POLL_MS } from '@mintcast/contracts';
import { printMachineLoad } from '../support/load.ts';
import { ms, report } from '../support/report.ts';
import { startMarketApp } from './market-app.lib.ts';

printMachineLoad();

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1_000);
const SECONDS = Number(process.env.BENCH_VIEWER_SECONDS ?? 120);
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';

const { standin, port, close } = await startMarketApp({ upstreamLatencyMs: 150 }); // a realistic upstream round trip
const url = `http://127.0.0.1:${port}/api/tokens/${TOKEN}`;

const latencies: number[] = [];
let failures = 0;
const poll = async () => {
  const started = performance.now();
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) failures += 1;
  } catch {
    failures += 1;
  }
  latencies.push(performance.now() - started);
};

console.log(`${VIEWERS} viewers polling ${TOKEN} every ${TOKEN_POLL_MS / 1000} s for ${SECONDS} s…`);
const endAt = Date.now() + SECONDS * 1000;
const timers: NodeJS.Timeout[] = [];
for (let v = 0; v < VIEWERS; v++) {
  const start = Math.random() * TOKEN_POLL_MS;
  timers.push(
    setTimeout(() => {
      void poll();
      const every = setInterval(() => {
        if (Date.now() < endAt) void poll();
      }, TOKEN_POLL_MS);
      timers.push(every);
    }, start),
  );
}
await new Promise((r) => setTimeout(r, SECONDS * 1000 + 500));
for (const t of timers) clearTimeout(t);

const upstream = standin.requestsFor(TOKEN);
const perMinute = upstream / (SECONDS / 60);
const direct = VIEWERS * 2 * (60_000 / TOKEN_POLL_MS);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
report('Market data: many viewers, one token', 'npx tsx bench/market/viewers.ts', [
  ['machine load (1 min) / cores', `${loadavg()[0]?.toFixed(1)} / ${cpus().length}`],
  ['viewers × duration', `${VIEWERS} × ${SECONDS} s (poll every ${TOKEN_POLL_MS / 1000} s)`],
  ['gateway requests served', `${latencies.length} (${failures} failed)`],
  ['upstream requests for the token', String(upstream)],
  ['upstream requests / minute', perMinute.toFixed(2)],
  ['direct approach / minute', direct.toLocaleString('en-US')],
  [
    'ratio (gateway / direct)',
    `${((perMinute / direct) * 100).toFixed(3)} % (1 : ${Math.round(direct / Math.max(perMinute, 0.001))})`,
  ],
  ['viewer latency p50 / p99', `${ms(pct(50))} / ${ms(pct(99))}`],
]);

await close();

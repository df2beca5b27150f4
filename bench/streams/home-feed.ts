/**
 * Issue 2 budgets: home feed endpoint on a 100k-stream table vs nginx serving the same JSON bytes
 * (throughput side by side, p99 at 1,000 req/s) and search p95 on that table.
 * Run: npx tsx bench/streams/home-feed.ts   (needs Debian's nginx-light for the baseline)
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startReadyChild } from '../support/child.ts';
import { pacedLoad, percentile } from '../support/paced.ts';
import { ms, perSec, report } from '../support/report.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const FEED = '/api/streams?live=false&limit=8';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

const cannon = (url: string, opts: Partial<autocannon.Options> = {}) =>
  autocannon({ url, connections: 32, duration: DURATION, ...opts });

const startNginx = async (body: string) => {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
  if (!nginx) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'feed.json'), body);
  chmodSync(path.join(dir, 'feed.json'), 0o644);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log stderr error;
events { worker_connections 1024; }
http { access_log off; sendfile on; keepalive_requests 100000;
  types { application/json json; }
  server { listen 127.0.0.1:${port}; root ${dir}; location / { default_type application/json; } } }`,
  );
  const child = spawn(nginx, ['-c', conf, '-p', dir], { stdio: 'inherit' });
  await new Promise((r) => setTimeout(r, 500));
  return { child, url: `http://127.0.0.1:${port}/feed.json` };
};

console.log(`seeding ${ROWS.toLocaleString('en-US')} streams into PGlite…`);
const { child: server, port } = await startReadyChild(path.join(import.meta.dirname, 'bench-server.ts'), {
  BENCH_ROWS: String(ROWS),
});
const base = `http://127.0.0.1:${port}`;
try {
  const body = await (await fetch(`${base}${FEED}`)).text();
  const ours = await cannon(`${base}${FEED}`);
  const nginx = await startNginx(body);
  const theirs = nginx ? await cannon(nginx.url) : null;
  nginx?.child.kill();
  await pacedLoad(`${base}${FEED}`, 1000, 2); // warm-up
  const { latencies: steady } = await pacedLoad(`${base}${FEED}`, 1000, DURATION);

  // Varied terms (common words, rare ids, no match) so the figure measures the database, not a cache.
  const words = ['moon', 'rocket', 'lotus', 'charts', 'yield', 'koi', 'perps', 'nothing-here'];
  const termAt = (i: number) => (i % 3 === 0 ? `tk${(i * 7919) % 100000}` : words[i % words.length]);
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const q = encodeURIComponent(termAt(i) as string);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/streams/search?q=${q}&limit=50`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }

  const ratio = theirs ? ours.requests.average / theirs.requests.average : Number.NaN;
  report('Home feed vs nginx (same JSON bytes)', 'npx tsx bench/streams/home-feed.ts', [
    ['rows in table', ROWS.toLocaleString('en-US')],
    ['response size', `${Buffer.byteLength(body)} bytes`],
    ['mintcast throughput', perSec(ours.requests.average)],
    ['mintcast p99 (saturated)', ms(ours.latency.p99)],
    [
      'nginx throughput',
      theirs ? perSec(theirs.requests.average) : 'nginx not installed (apt-get install nginx-light)',
    ],
    ['ratio mintcast/nginx', theirs ? `${ratio.toFixed(2)} (budget ≥ 0.50)` : 'n/a'],
    [
      'p99 at 1,000 req/s (paced)',
      `${ms(percentile(steady, 99))} (budget ≤ 20 ms; p50 ${ms(percentile(steady, 50))}, ${steady.length} answers)`,
    ],
    ['errors / non-2xx (saturated)', `${ours.errors} / ${ours.non2xx}`],
  ]);
  report('Search on the same table', 'npx tsx bench/streams/home-feed.ts', [
    ['requests', String(times.length)],
    ['p50', ms(percentile(times, 50))],
    ['p95', `${ms(percentile(times, 95))} (budget ≤ 20 ms)`],
    ['max', ms(Math.max(...times))],
  ]);
} finally {
  server.kill();
  spawnSync('true');
}

/**
 * Issue 28, finding 4: does a chat flood from many free wallets slow the rest of the API? One server
 * process (PGlite), one stream, BENCH_WALLETS (60) fresh signed-in wallets. Two phases in one run, each
 * BENCH_SECONDS (20) long: flood off, then flood on — every wallet posting to the stream at BENCH_PER_WALLET
 * (18) messages per 30 s, within its own limit of 20 per 30 s, on an even schedule with its own phase. In
 * both phases `/api/health` (a database round trip) and a stream page (`/livestream/<mint>`, its share tags
 * read from the database) are probed at BENCH_PROBE_RATE (5) requests/s each, open loop (a request
 * starts on schedule whatever the earlier ones do, so a stall shows as latency). Prints p50/p95 of
 * both probes per phase, the posts answered by status and code, and the machine's load average at the start
 * and end of each phase. Prints, never asserts.
 * Run: npx tsx bench/chat/chat-flood.ts   (BENCH_WALLETS=60 BENCH_SECONDS=20 BENCH_PER_WALLET=18 BENCH_PROBE_RATE=5)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/child.ts';
import { printMachineLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';
import { ms, report } from '../support/report.ts';

printMachineLoad();
const WALLETS = Number(process.env.BENCH_WALLETS ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PER_WALLET = Number(process.env.BENCH_PER_WALLET ?? 18); // per 30 s
const PROBE_RATE = Number(process.env.BENCH_PROBE_RATE ?? 5);
const COMMAND = 'npx tsx bench/chat/chat-flood.ts';

/** Start the server child; resolves on READY with everything it printed up to then. */
const startServer = (): Promise<{ child: ChildProcess; port: number; out: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['bench/chat/flood-server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, BENCH_WALLETS: String(WALLETS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = out.match(/READY (\d+)/);
      if (m) resolve({ child, port: Number(m[1]), out });
    });
    child.on('exit', (code) => reject(new Error(`flood-server exited with ${code}`)));
  });

const { child, port, out } = await startServer();
const base = `http://127.0.0.1:${port}`;

/**
 * GET `url` `rate` times a second for `seconds`, open loop. (an open-loop pacer at 100/s: a probe of
 * latency must not be a load of its own.)
 */
const probe = async (url: string, rate: number, seconds: number) => {
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const at = start + (i * 1000) / rate;
    await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
    pending.push(
      (async () => {
        const t0 = performance.now();
        try {
          const res = await fetch(url);
          await res.arrayBuffer();
          if (!res.ok) failed += 1;
          else latencies.push(performance.now() - t0);
        } catch {
          failed += 1;
        }
      })(),
    );
  }
  await Promise.all(pending);
  return { latencies, failed };
};

interface Posts {
  byOutcome: Map<string, number>;
  latencies: number[];
}

/** Every wallet posts PER_WALLET times per 30 s on an even schedule, each with its own phase. */
const flood = async (mint: string, tokens: string[], seconds: number): Promise<Posts> => {
  const posts: Posts = { byOutcome: new Map(), latencies: [] };
  const intervalMs = 30_000 / PER_WALLET;
  const pending: Promise<void>[] = [];
  const end = performance.now() + seconds * 1000;
  const one = async (token: string, n: number) => {
    const t0 = performance.now();
    let outcome: string;
    try {
      const res = await fetch(`${base}/api/streams/${mint}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `flood message ${n}` }),
      });
      const body = (await res.json()) as { error?: { code: string } };
      outcome = res.status === 201 ? '201' : `${res.status} ${body.error?.code ?? ''}`;
    } catch {
      outcome = 'network error';
    }
    posts.latencies.push(performance.now() - t0);
    posts.byOutcome.set(outcome, (posts.byOutcome.get(outcome) ?? 0) + 1);
  };
  await Promise.all(
    tokens.map(async (token, w) => {
      // Spread the wallets' first posts over one interval.
      let next = performance.now() + (w / tokens.length) * intervalMs;
      for (let n = 0; next < end; n++) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
        pending.push(one(token, n));
        next += intervalMs;
      }
    }),
  );
  await Promise.all(pending);
  return posts;
};

const phase = async (name: string, mint: string, tokens: string[] | null) => {
  const loadStart = loadavg()[0] ?? 0;
  const [health, page, posts] = await Promise.all([
    probe(`${base}/api/health`, PROBE_RATE, SECONDS),
    probe(`${base}/livestream/${mint}`, PROBE_RATE, SECONDS),
    tokens ? flood(mint, tokens, SECONDS) : Promise.resolve(null),
  ]);
  const loadEnd = loadavg()[0] ?? 0;
  const rows: [string, string][] = [
    [
      'GET /api/health p50 / p95',
      `${ms(percentile(health.latencies, 50))} / ${ms(percentile(health.latencies, 95))} (${health.latencies.length} answered, ${health.failed} failed)`,
    ],
    [
      'GET /livestream/<mint> p50 / p95',
      `${ms(percentile(page.latencies, 50))} / ${ms(percentile(page.latencies, 95))} (${page.latencies.length} answered, ${page.failed} failed)`,
    ],
  ];
  if (posts) {
    const total = [...posts.byOutcome.values()].reduce((a, b) => a + b, 0);
    rows.push([
      'posts sent',
      `${total} (${(total / SECONDS).toFixed(1)}/s from ${tokens?.length} wallets, ${PER_WALLET} per 30 s each)`,
    ]);
    for (const [outcome, count] of [...posts.byOutcome].sort())
      rows.push([`  answered ${outcome}`, `${count} (${(count / SECONDS).toFixed(1)}/s)`]);
    rows.push([
      'POST messages p50 / p95',
      `${ms(percentile(posts.latencies, 50))} / ${ms(percentile(posts.latencies, 95))}`,
    ]);
  }
  rows.push(['load average (1 min) start → end', `${loadStart.toFixed(2)} → ${loadEnd.toFixed(2)}`]);
  report(name, COMMAND, rows);
};

try {
  const mint = out.match(/STREAM (0x[0-9a-f]{40})/)?.[1];
  const tokens = JSON.parse(out.match(/TOKENS (.+)/)?.[1] ?? '[]') as string[];
  if (!mint || tokens.length === 0) throw new Error('the server child did not print its stream and tokens');
  // Warm up both probes (first page render, connection pool) outside the measurement.
  await probe(`${base}/api/health`, PROBE_RATE, 2);
  await probe(`${base}/livestream/${mint}`, PROBE_RATE, 2);
  await phase(`flood off (${SECONDS} s)`, mint, null);
  await phase(`flood on: ${tokens.length} wallets (${SECONDS} s)`, mint, tokens);
  printMachineLoad('end');
} finally {
  child.kill('SIGTERM');
}

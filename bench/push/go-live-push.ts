/**
 * Issue 35 budget: go-live → push accepted by the push service for 10,000 followers ≤ 30 s on this machine, and
 * the API's p99 for other requests before vs while the pushes go out (same run).
 *
 * The real app (Fastify, migrations, the announce outbox and leader lock, web-push's RFC 8291 encryption and
 * VAPID signature per subscription, the outbound HTTP guard) on in-memory PGlite, or on PostgreSQL with
 * BENCH_DATABASE_URL. The push service is the tests' RFC 8030 stand-in in a child process (it verifies the
 * VAPID JWTs and encoding of every POST; 1 browser in 100 decrypts its message, as a browser would). 10,000 followers, each with one browser's push
 * subscription, are written to the database directly in bulk; the creator then goes live the way the app does
 * (POST /api/streams/:mint/live with a session). Meanwhile a prober reads GET /api/streams (a page of 20) every
 * 50 ms, first for 8 s alone (before), then from the go-live until the last push is accepted (during).
 * Run: npx tsx bench/push/go-live-push.ts   (BENCH_FOLLOWERS=… to change the audience)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';
import { signIn } from '../../apps/server/test/support/sign-in.ts';
import { repoRoot } from '../support/child.ts';
import { printMachineLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';
import { ms, perSec, report } from '../support/report.ts';

printMachineLoad();

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const BASELINE_MS = 8_000;
const GIVE_UP_MS = 5 * 60_000;

// The push service, in its own process.
const vapid = webPush.generateVAPIDKeys();
const subscriptionsFile = path.join(tmpdir(), `push-bench-${randomBytes(4).toString('hex')}.json`);
let accepted = 0;
let decrypted = 0;
let lastAcceptedAt = 0;
const rejected: string[] = [];
let onAccepted = () => {};
const service: ChildProcess = spawn(
  path.join(repoRoot, 'node_modules/.bin/tsx'),
  [path.join(import.meta.dirname, 'push-service-child.ts')],
  {
    cwd: repoRoot,
    env: {
      ...process.env,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      BROWSERS: String(FOLLOWERS),
      SUBSCRIPTIONS_FILE: subscriptionsFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise<void>((resolve, reject) => {
  let buf = '';
  service.stdout?.on('data', (d) => {
    buf += String(d);
    const lines = buf.split('\n');
    buf = lines.pop() ?? '';
    for (const line of lines) {
      const [word, a, b, c] = line.split(' ');
      if (word === 'READY') resolve();
      else if (word === 'ACCEPTED') {
        accepted = Number(a);
        lastAcceptedAt = Number(b);
        decrypted = Number(c);
        onAccepted();
      } else if (word === 'REJECTED') rejected.push(line.slice(9));
    }
  });
  service.on('exit', (code) => reject(new Error(`push service exited with ${code}`)));
});
const subscriptions = JSON.parse(readFileSync(subscriptionsFile, 'utf8')) as {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}[];
rmSync(subscriptionsFile);

// The app.
const url = process.env.BENCH_DATABASE_URL;
const schema = `bench_${randomBytes(4).toString('hex')}`;
const database = await openDatabase(
  url ? { kind: 'postgres', url, schema } : { kind: 'pglite', dataDir: undefined },
);
const base = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const app = await buildApp({
  config: {
    ...base,
    env: 'test',
    marketRefreshIntervalMs: 0,
    liveReconcileIntervalMs: 0,
    reach: {
      vapid: { ...vapid, subject: 'mailto:bench@example.org' },
      secretsKey: null,
      telegramApiUrl: 'http://127.0.0.1:9',
      allowPrivateTargets: true,
    },
  },
  database,
  rateLimitPerMinute: 1_000_000_000,
  nonceLimitPerMinute: 1_000_000_000,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const db = database.db;

// The creator (a real session), a stream, a few others for the prober's page, and the followers in bulk.
const creator = await signIn(app);
const mint = `0x${randomBytes(20).toString('hex')}`;
await db
  .insertInto('streams')
  .values({ mint, name: 'Bench Live', symbol: 'BL', image_uri: '', creator_address: creator.address })
  .execute();
await db
  .insertInto('streams')
  .values(
    Array.from({ length: 50 }, (_, i) => ({
      mint: `0x${randomBytes(20).toString('hex')}`,
      name: `Other ${i}`,
      symbol: `O${i}`,
      image_uri: '',
      creator_address: `0x${randomBytes(20).toString('hex')}`,
    })),
  )
  .execute();
const seedStarted = performance.now();
for (let i = 0; i < subscriptions.length; i += 1_000) {
  const chunk = subscriptions.slice(i, i + 1_000).map((s) => ({
    address: `0x${randomBytes(20).toString('hex')}`,
    s,
  }));
  await db
    .insertInto('subscriptions')
    .values(chunk.map((c) => ({ stream_id: mint, user_address: c.address })))
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values(
      chunk.map((c) => ({
        endpoint: c.s.endpoint,
        user_address: c.address,
        p256dh: c.s.keys.p256dh,
        auth: c.s.keys.auth,
      })),
    )
    .execute();
}
const seeded = performance.now() - seedStarted;

// The prober: other API requests every 50 ms, latency recorded per phase.
let phase: 'before' | 'during' | 'stop' = 'before';
const latencies = { before: [] as number[], during: [] as number[] };
let probeErrors = 0;
const probe = async () => {
  while (phase !== 'stop') {
    const p = phase;
    const started = performance.now();
    try {
      const res = await fetch(`${apiUrl}/api/streams?limit=20&sort=market_cap`);
      await res.arrayBuffer();
      if (!res.ok) probeErrors += 1;
    } catch {
      probeErrors += 1;
    }
    latencies[p].push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const prober = probe();
await new Promise((r) => setTimeout(r, BASELINE_MS));
printMachineLoad('go-live');

// Go live as the broadcaster's page does, then wait for the push service's count (an event, not a sleep).
phase = 'during';
const wallStart = Date.now();
const res = await fetch(`${apiUrl}/api/streams/${mint}/live`, {
  method: 'POST',
  headers: { ...creator.headers, 'content-type': 'application/json' },
  body: JSON.stringify({ live: true }),
});
if (!res.ok) throw new Error(`go-live answered ${res.status}: ${await res.text()}`);
const wentLiveIn = Date.now() - wallStart;
const done = await new Promise<boolean>((resolve) => {
  const timer = setTimeout(() => resolve(false), GIVE_UP_MS);
  onAccepted = () => {
    if (accepted >= FOLLOWERS) {
      clearTimeout(timer);
      resolve(true);
    }
  };
  onAccepted();
});
const elapsed = (done ? lastAcceptedAt : Date.now()) - wallStart;
phase = 'stop';
await prober;
printMachineLoad('end');

const p99b = percentile(latencies.before, 99);
const p99d = percentile(latencies.during, 99);
report(
  `Go-live push to ${FOLLOWERS.toLocaleString('en-US')} followers`,
  'npx tsx bench/push/go-live-push.ts',
  [
    ['database', url ? 'PostgreSQL' : 'PGlite (in memory)'],
    ['followers (one push subscription each)', `${FOLLOWERS} (seeded in ${ms(seeded)})`],
    ['go-live request answered in', ms(wentLiveIn)],
    [
      'time to all accepted',
      done ? `${(elapsed / 1000).toFixed(2)} s (budget ≤ 30 s)` : `gave up: ${accepted} after ${elapsed} ms`,
    ],
    ['pushes accepted', `${accepted} / ${FOLLOWERS}`],
    ['pushes/s', perSec(accepted / (elapsed / 1000))],
    ['rejected by the push service', String(rejected.length)],
    ['decrypted by sampled browsers (1 in 100)', String(decrypted)],
    ['API p99 before (GET /api/streams)', `${ms(p99b)} (n=${latencies.before.length})`],
    ['API p99 during', `${ms(p99d)} (n=${latencies.during.length})`],
    ['API p99 during / before', (p99d / p99b).toFixed(2)],
    [
      'API p50 before / during',
      `${ms(percentile(latencies.before, 50))} / ${ms(percentile(latencies.during, 50))}`,
    ],
    ['probe errors', String(probeErrors)],
  ],
);
for (const r of rejected.slice(0, 5)) console.log(`  rejected: ${r}`);

service.kill('SIGTERM');
await app.close();
await database.close();
process.exit(0);

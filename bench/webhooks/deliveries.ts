/**
 * Issue 35 budget: 1,000 webhook events to 100 endpoints, 10 % of them failing → every event delivered exactly
 * once to each healthy endpoint (counted by webhook-id at the receiver), the failing ones retried a bounded number
 * of times, and the API's p99 for other requests before vs during the run.
 *
 * The real app (Fastify, migrations, triggers, pg-boss) on in-memory PGlite, or on PostgreSQL with
 * BENCH_DATABASE_URL. 100 creators each own a stream and one endpoint (on a loopback receiver: the bench runs the
 * app with `env: 'test'` so loopback targets are allowed); endpoints 0-9 always answer 500. The events are 1,000
 * follows (10 per stream) inserted by a writer over a few seconds; the triggers put them in the outbox as the
 * site's own follows do. Meanwhile a prober reads GET /api/streams (a page of 20) every 50 ms, first for 8 s alone
 * (before), then while the events are delivered (during).
 * Run: npx tsx bench/webhooks/deliveries.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.ts';
import { seal } from '../../apps/server/src/auth/secret-box.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';
import { newSecret } from '../../apps/server/src/webhooks/signing.ts';
import { sealContext } from '../../apps/server/src/webhooks/webhooks.service.ts';
import { printMachineLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';
import { ms, report } from '../support/report.ts';

printMachineLoad();

const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 100);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const FAILING = Math.round(ENDPOINTS / 10);
const RETRY_LIMIT = 3;
const BASELINE_MS = 8_000;

// The receiver: /ep/N; the first FAILING endpoints always answer 500.
const seen = new Map<number, Map<string, number>>();
let requests = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    requests += 1;
    const n = Number(/^\/ep\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
    const id = String(req.headers['webhook-id']);
    const ids = seen.get(n) ?? new Map<string, number>();
    ids.set(id, (ids.get(id) ?? 0) + 1);
    seen.set(n, ids);
    res.writeHead(n < FAILING ? 500 : 204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const url = process.env.BENCH_DATABASE_URL;
const schema = `bench_${randomBytes(4).toString('hex')}`;
const database = await openDatabase(
  url ? { kind: 'postgres', url, schema } : { kind: 'pglite', dataDir: undefined },
);
const key = randomBytes(32);
const base = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const app = await buildApp({
  config: {
    ...base,
    env: 'test',
    marketRefreshIntervalMs: 0,
    liveReconcileIntervalMs: 0,
    reach: { vapid: null, secretsKey: key, telegramApiUrl: 'http://127.0.0.1:9', allowPrivateTargets: true },
    webhooks: {
      retryLimit: RETRY_LIMIT,
      retryDelaySeconds: 1,
      pollingIntervalSeconds: 0.5,
      dispatchIntervalMs: 200,
    },
  },
  database,
  rateLimitPerMinute: 1_000_000_000,
  nonceLimitPerMinute: 1_000_000_000,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const db = database.db;

// 100 creators, a stream and an endpoint each.
const mints: string[] = [];
for (let i = 0; i < ENDPOINTS; i++) {
  const creator = `0x${randomBytes(20).toString('hex')}`;
  const mint = `0x${randomBytes(20).toString('hex')}`;
  mints.push(mint);
  await db
    .insertInto('streams')
    .values({ mint, name: `Bench ${i}`, symbol: `B${i}`, image_uri: '', creator_address: creator })
    .execute();
  const id = randomUUID();
  await db
    .insertInto('webhook_endpoints')
    .values({
      id,
      creator_address: creator,
      url_sealed: seal(key, `${receiverUrl}/ep/${i}`, sealContext(id, 'url')),
      url_display: receiverUrl,
      secret_sealed: seal(key, newSecret(), sealContext(id, 'secret')),
      events: ['follow'],
    })
    .execute();
}

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
phase = 'during';

// 1,000 follows, 10 per stream, written in batches of 50 (one statement each, as many clients would).
const started = performance.now();
const perStream = Math.ceil(EVENTS / ENDPOINTS);
const rows: { stream_id: string; user_address: string }[] = [];
for (let f = 0; f < perStream; f++)
  for (const mint of mints)
    if (rows.length < EVENTS)
      rows.push({ stream_id: mint, user_address: `0x${randomBytes(20).toString('hex')}` });
for (let i = 0; i < rows.length; i += 50) {
  await db
    .insertInto('subscriptions')
    .values(rows.slice(i, i + 50))
    .execute();
  await new Promise((r) => setTimeout(r, 20));
}
const written = performance.now() - started;

// Done: every delivery delivered or failed (no retry left).
const expected = rows.length;
for (;;) {
  const r = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      eb.fn.countAll<string>().as('all'),
      eb.fn.count<string>('id').filterWhere('status', 'in', ['delivered', 'failed']).as('done'),
    ])
    .executeTakeFirstOrThrow();
  if (Number(r.all) === expected && Number(r.done) === expected) break;
  if (performance.now() - started > 10 * 60_000) {
    console.log(`gave up: ${r.done}/${r.all} of ${expected} done after 10 min`);
    break;
  }
  await new Promise((res) => setTimeout(res, 250));
}
const elapsed = performance.now() - started;
phase = 'stop';
await prober;

const byStatus = await db
  .selectFrom('webhook_deliveries')
  .select([
    'status',
    (eb) => eb.fn.countAll<string>().as('n'),
    (eb) => eb.fn.sum<string>('attempts').as('attempts'),
  ])
  .groupBy('status')
  .execute();
let healthyEvents = 0;
let healthyUnique = 0;
let healthyDuplicates = 0;
let failingRequests = 0;
for (const [n, ids] of seen) {
  const total = [...ids.values()].reduce((a, b) => a + b, 0);
  if (n < FAILING) failingRequests += total;
  else {
    healthyEvents += total;
    healthyUnique += ids.size;
    healthyDuplicates += total - ids.size;
  }
}
const healthyExpected = rows.filter((r) => mints.indexOf(r.stream_id) >= FAILING).length;
const failingExpected = expected - healthyExpected;

report(
  'Webhook deliveries: 1,000 events to 100 endpoints, 10 % failing',
  'npx tsx bench/webhooks/deliveries.ts',
  [
    ['database', url ? 'PostgreSQL' : 'PGlite (in memory)'],
    ['events (follows) written', `${rows.length} in ${ms(written)}`],
    ['endpoints (failing)', `${ENDPOINTS} (${FAILING}, always HTTP 500)`],
    ['healthy: expected / received unique', `${healthyExpected} / ${healthyUnique}`],
    ['healthy: duplicate receptions', String(healthyDuplicates)],
    ['healthy: requests received', String(healthyEvents)],
    [
      'failing: deliveries / requests received',
      `${failingExpected} / ${failingRequests} (${(failingRequests / Math.max(1, failingExpected)).toFixed(2)} attempts each, limit ${1 + RETRY_LIMIT})`,
    ],
    ['retries (requests after a first attempt)', String(requests - expected)],
    ['log by status (count, attempts)', byStatus.map((s) => `${s.status}: ${s.n}, ${s.attempts}`).join('; ')],
    ['all settled after', ms(elapsed)],
    [
      'API p50 before / during',
      `${ms(percentile(latencies.before, 50))} / ${ms(percentile(latencies.during, 50))}`,
    ],
    [
      'API p99 before / during',
      `${ms(percentile(latencies.before, 99))} / ${ms(percentile(latencies.during, 99))}`,
    ],
    [
      'API samples before / during (errors)',
      `${latencies.before.length} / ${latencies.during.length} (${probeErrors})`,
    ],
  ],
);

await app.close();
await database.close();
receiver.close();
if (url) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}_pgboss" CASCADE`);
  await admin.end();
}

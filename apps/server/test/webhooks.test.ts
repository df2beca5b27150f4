import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReachConfig } from '../src/announce/reach-env.ts';
import type { App } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { verify } from '../src/webhooks/signing.ts';
import { createStream } from './support/builders.ts';
import { eventually } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';
import { startWebhookReceiver } from './support/webhook-receiver.ts';

// One site key: a second instance on the same database opens the same sealed endpoints.
const KEY = randomBytes(32);
const reach = (over: Partial<ReachConfig> = {}): ReachConfig => ({
  vapid: null,
  secretsKey: KEY,
  telegramApiUrl: 'http://127.0.0.1:9',
  allowPrivateTargets: true,
  sweepIntervalMs: 0,
  ...over,
});
// Short back-off and polling: a retry comes about a second after a failure.
const queue = {
  retryLimit: 3,
  retryDelaySeconds: 1,
  pollingIntervalSeconds: 0.5,
  dispatchIntervalMs: 100,
  // The log's pruning runs often here, so that its test sees a pass (the bounds are the product's).
  pruneIntervalMs: 200,
};

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let t: TestApp;

beforeAll(async () => {
  // /flaky answers 500 to its first request, then 204; /down always 500.
  receiver = await startWebhookReceiver((path, n) =>
    path.startsWith('/flaky') && n === 1 ? 500 : path.startsWith('/down') ? 500 : 204,
  );
  t = await createTestApp({ reach: reach(), webhooks: queue });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
}, 60_000);

const call = (
  app: App,
  who: SignedIn | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const register = async (app: App, who: SignedIn, path: string, events: string[]) => {
  const res = await call(app, who, 'POST', '/api/webhooks', { url: `${receiver.url}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
};

const WAIT = 30_000;

describe(`creator webhooks (${databaseKind()})`, () => {
  it('delivers a go-live signed with the endpoint secret; the secret is shown once, never again', async () => {
    const creator = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: creator.address });
    const path = `/live-${randomBytes(4).toString('hex')}`;
    const { endpoint, secret } = await register(t.app, creator, path, ['stream.live', 'stream.offline']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const live = await call(t.app, creator, 'POST', `/api/streams/${s.mint}/live`, { live: true });
    expect(live.statusCode, live.body).toBe(200);
    await eventually(() => receiver.on(path).length === 1, WAIT);
    const hit = receiver.on(path)[0]!;
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ type: 'stream.live', data: { mint: s.mint, name: s.name } });
    expect(body.data.url).toContain(`/livestream/${s.mint}`);
    const headers = {
      id: String(hit.headers['webhook-id']),
      timestamp: String(hit.headers['webhook-timestamp']),
      signature: String(hit.headers['webhook-signature']),
    };
    expect(verify(secret, headers, hit.body, Math.floor(Date.now() / 1000))).toBe(true);
    // Another secret, or a body changed on the way, does not verify.
    expect(verify(`whsec_${randomBytes(32).toString('base64')}`, headers, hit.body, Date.now() / 1000)).toBe(
      false,
    );
    expect(verify(secret, headers, hit.body.replace(s.mint, `${s.mint} `), Date.now() / 1000)).toBe(false);

    await call(t.app, creator, 'POST', `/api/streams/${s.mint}/live`, { live: false });
    await eventually(() => receiver.on(path).length === 2, WAIT);
    expect(JSON.parse(receiver.on(path)[1]!.body).type).toBe('stream.offline');

    await eventually(async () => {
      const v = (await call(t.app, creator, 'GET', '/api/webhooks')).json();
      return v.deliveries.filter((d: { status: string }) => d.status === 'delivered').length === 2;
    }, WAIT);
    const view = await call(t.app, creator, 'GET', '/api/webhooks');
    expect(view.json().endpoints).toEqual([
      expect.objectContaining({ id: endpoint.id, display: `${receiver.url}/…` }),
    ]);
    expect(view.body).not.toContain(secret);
    expect(view.body).not.toContain(path);
    // At rest: sealed.
    const row = await t.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(JSON.stringify(row)).not.toContain(path);
  }, 90_000);

  it('retries after a 500 and then delivers (a follow); the log shows two attempts', async () => {
    const creator = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: creator.address });
    const path = `/flaky-${randomBytes(4).toString('hex')}`;
    const { secret } = await register(t.app, creator, path, ['follow']);
    const fan = await signIn(t.app);
    const follow = await call(t.app, fan, 'POST', `/api/streams/${s.mint}/subscribe`);
    expect(follow.statusCode, follow.body).toBe(200);
    await eventually(() => receiver.on(path).length === 2, WAIT);
    const [first, second] = receiver.on(path);
    // The same event id both times (a receiver drops repeats), each attempt signed.
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(JSON.parse(second!.body)).toMatchObject({
      type: 'follow',
      data: { mint: s.mint, follower: fan.address },
    });
    for (const h of [first!, second!])
      expect(
        verify(
          secret,
          {
            id: String(h.headers['webhook-id']),
            timestamp: String(h.headers['webhook-timestamp']),
            signature: String(h.headers['webhook-signature']),
          },
          h.body,
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(true);
    await eventually(async () => {
      const [d] = (await call(t.app, creator, 'GET', '/api/webhooks')).json().deliveries;
      return d?.status === 'delivered' && d.attempts === 2;
    }, WAIT);
  }, 90_000);

  it('a tip and a clip are events too, written by the database triggers whoever inserts them', async () => {
    const creator = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: creator.address });
    const path = `/money-${randomBytes(4).toString('hex')}`;
    await register(t.app, creator, path, ['tip', 'clip']);
    const txHash = `0x${randomBytes(32).toString('hex')}`;
    await t.database.db
      .insertInto('tips')
      .values({
        tx_hash: txHash,
        stream_id: s.mint,
        from_address: `0x${'ab'.repeat(20)}`,
        to_address: creator.address,
        amount_wei: '1000000000000000',
        message_id: null,
        created_at: new Date(),
      })
      .execute();
    const clipId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    await t.database.db
      .insertInto('clips')
      .values({
        id: clipId,
        stream_id: s.mint,
        created_by: creator.address,
        title: 'Big moment',
        start_ms: 0,
        duration_ms: 12_000,
        width: 1280,
        height: 720,
        file_path: `clips/${randomBytes(4).toString('hex')}.mp4`,
        poster_path: 'clips/p.jpg',
      })
      .execute();
    // A follow is not among this endpoint's events: nothing is sent for it.
    await call(t.app, await signIn(t.app), 'POST', `/api/streams/${s.mint}/subscribe`);
    await eventually(() => receiver.on(path).length === 2, WAIT);
    const bodies = receiver.on(path).map((h) => JSON.parse(h.body));
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'tip',
          data: expect.objectContaining({ txHash, amountWei: '1000000000000000' }),
        }),
        expect.objectContaining({
          type: 'clip',
          data: expect.objectContaining({ clipId, title: 'Big moment', durationMs: 12000 }),
        }),
      ]),
    );
    const outbox = await t.database.db.selectFrom('webhook_outbox').select('event_type').execute();
    expect(outbox.filter((e) => e.event_type === 'follow')).toEqual([]);
  }, 90_000);

  it('an endpoint that keeps failing is retried a bounded number of times, then the log says failed', async () => {
    const creator = await signIn(t.app);
    const path = `/down-${randomBytes(4).toString('hex')}`;
    const { endpoint } = await register(t.app, creator, path, ['tip']);
    const res = await call(t.app, creator, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(res.statusCode, res.body).toBe(202);
    await eventually(async () => {
      const [d] = (await call(t.app, creator, 'GET', '/api/webhooks')).json().deliveries;
      return d?.status === 'failed';
    }, 90_000);
    // The first attempt and retryLimit retries, no more.
    expect(receiver.on(path)).toHaveLength(1 + queue.retryLimit);
    expect(JSON.parse(receiver.on(path)[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });
  }, 120_000);

  it('refuses loopback, private and link-local URLs (400) on a site that calls only public addresses', async () => {
    // Its own database: its workers must not pick up the other tests' deliveries (to loopback stand-ins).
    const strict = await createTestApp({ reach: reach({ allowPrivateTargets: false }), webhooks: queue });
    try {
      const creator = await signIn(strict.app);
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.0.0.8/hook',
        'https://192.168.1.1/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://localhost/hook',
        'http://example.com/hook',
        'not a url',
      ]) {
        const res = await call(strict.app, creator, 'POST', '/api/webhooks', { url, events: ['tip'] });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      }
    } finally {
      await strict.close();
    }
  }, 60_000);

  it('bad input is a clean 4xx: no events, unknown event, too many endpoints, another wallet’s endpoint', async () => {
    const creator = await signIn(t.app);
    const url = `${receiver.url}/quiet`;
    for (const body of [{ url, events: [] }, { url, events: ['stream.exploded'] }, { url }, {}]) {
      const res = await call(t.app, creator, 'POST', '/api/webhooks', body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await call(t.app, null, 'GET', '/api/webhooks')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) await register(t.app, creator, `/quiet-${i}`, ['clip']);
    const sixth = await call(t.app, creator, 'POST', '/api/webhooks', { url, events: ['clip'] });
    expect(sixth.statusCode).toBe(400);
    const { endpoints } = (await call(t.app, creator, 'GET', '/api/webhooks')).json();
    const other = await signIn(t.app);
    const id = endpoints[0].id;
    expect((await call(t.app, other, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await call(t.app, other, 'POST', `/api/webhooks/${id}/test`)).statusCode).toBe(404);
    expect((await call(t.app, creator, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);
    expect((await call(t.app, creator, 'DELETE', '/api/webhooks/not-a-uuid')).statusCode).toBe(400);
  }, 60_000);

  it('without the site secrets key, registering is a 503 and the list says disabled', async () => {
    const off = await createTestApp({ reach: reach({ secretsKey: null }) }, { database: t.database });
    try {
      const creator = await signIn(off.app);
      const res = await call(off.app, creator, 'POST', '/api/webhooks', {
        url: `${receiver.url}/x`,
        events: ['tip'],
      });
      expect(res.statusCode).toBe(503);
      expect((await call(off.app, creator, 'GET', '/api/webhooks')).json()).toMatchObject({ enabled: false });
    } finally {
      await off.app.close();
    }
  }, 60_000);

  it('two instances on one database deliver each event once', async () => {
    // PostgreSQL: a second connection pool, as another process would have; PGlite: the same handle (one process),
    // still a second app with its own queue workers competing for the same jobs.
    const database = t.database.pglite ? t.database : await openDatabase(t.database.target);
    const second = await createTestApp({ reach: reach(), webhooks: queue }, { database });
    try {
      const creator = await signIn(t.app);
      const s = await createStream(t.database.db, { creator_address: creator.address });
      const path = `/pair-${randomBytes(4).toString('hex')}`;
      await register(t.app, creator, path, ['follow']);
      const fans = await Promise.all(Array.from({ length: 12 }, () => signIn(t.app)));
      for (const fan of fans) {
        // Sessions are signed per instance here: the follows go through the first; both deliver.
        const res = await call(t.app, fan, 'POST', `/api/streams/${s.mint}/subscribe`);
        expect(res.statusCode, res.body).toBe(200);
      }
      await eventually(async () => {
        const { deliveries } = (await call(t.app, creator, 'GET', '/api/webhooks')).json();
        return (
          deliveries.length === fans.length &&
          deliveries.every((d: { status: string }) => d.status === 'delivered')
        );
      }, WAIT);
      const ids = receiver.on(path).map((h) => String(h.headers['webhook-id']));
      expect(ids).toHaveLength(fans.length);
      expect(new Set(ids).size).toBe(fans.length);
      const followers = receiver.on(path).map((h) => JSON.parse(h.body).data.follower);
      expect(new Set(followers)).toEqual(new Set(fans.map((f) => f.address)));
    } finally {
      await second.app.close();
      if (database !== t.database) await database.close();
    }
  }, 90_000);

  it('prunes the delivery log: finished deliveries past 30 days or past the newest 200 of an endpoint go, pending ones stay', async () => {
    const creator = await signIn(t.app);
    const { endpoint } = await register(t.app, creator, `/log-${randomBytes(4).toString('hex')}`, ['tip']);
    const db = t.database.db;
    const insert = (status: string, ages: string) =>
      sql`
      INSERT INTO webhook_deliveries
        (endpoint_id, creator_address, event_id, event_type, data, occurred_at, status, created_at)
      SELECT ${endpoint.id}::uuid, ${creator.address}, gen_random_uuid(), 'tip', jsonb_build_object('age', age),
        now(), ${status},
        now() - make_interval(secs => age)
      FROM (${sql.raw(ages)}) AS a(age)`.execute(db);
    await insert('delivered', 'SELECT generate_series(1, 203)::float8'); // 1 to 203 s old
    await insert('failed', `SELECT ${31 * 86_400}::float8`); // 31 days old
    await insert('pending', `SELECT ${40 * 86_400}::float8`); // not finished: never pruned
    const left = async () =>
      (
        await db
          .selectFrom('webhook_deliveries')
          .select([
            'status',
            (eb) => eb.fn.countAll<string>().as('n'),
            (eb) => eb.fn.max('created_at').as('newest'),
          ])
          .where('endpoint_id', '=', endpoint.id)
          .groupBy('status')
          .orderBy('status')
          .execute()
      ).map((r) => `${r.status} ${Number(r.n)}`);
    await eventually(async () => (await left()).join() === 'delivered 200,pending 1', WAIT);
    // The three oldest delivered went (ages 201–203 s), the newest 200 stayed.
    const ages = await sql<{ age: number }>`
      SELECT max((data->>'age')::float8) AS age FROM webhook_deliveries
      WHERE endpoint_id = ${endpoint.id}::uuid AND status = 'delivered'`.execute(db);
    expect(Number(ages.rows[0]?.age)).toBe(200);
  });

  it('the OpenAPI document has the webhook payloads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      ['clip', 'follow', 'stream.live', 'stream.offline', 'tip', 'webhook.test'].sort(),
    );
    const tip = doc.webhooks.tip.post.requestBody.content['application/json'].schema;
    expect(tip.properties.data.required).toEqual(
      expect.arrayContaining(['mint', 'txHash', 'from', 'amountWei']),
    );
    expect(doc.paths['/api/webhooks']).toBeDefined();
  });
});

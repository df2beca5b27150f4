import { chatChannelForMint, type TRealtimeEvent } from '@mintcast/contracts';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime, eventually } from './support/multi-instance.ts';
import { NGINX, type Nginx, startNginx } from './support/nginx.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';

const ORIGIN = 'http://localhost:3000';
const REFRESH_JOB_CONNECTION = 'mintcast_leader_market-refresh';

/**
 * Two instances of the site on one PostgreSQL, behind nginx on loopback as one origin, sharing signing keys
 * from the environment; each instance talks to its own market-data stand-in, so the stand-ins tell which
 * instance ran the market refresh. Needs PostgreSQL (PGlite is one process) and Debian's nginx-light.
 */
const skip = !process.env.TEST_DATABASE_URL || !NGINX;
if (skip)
  console.warn(
    '[two-instances] skipped: needs TEST_DATABASE_URL (PostgreSQL) and nginx (apt-get install nginx-light)',
  );

describe.skipIf(skip)('two instances behind nginx are one site (PostgreSQL)', () => {
  const apps: TestApp[] = [];
  const standins: MarketStandin[] = [];
  let nginx: Nginx;
  const closed = new Set<TestApp>();
  const live = randomAddress();

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const key = {
      ...jwk,
      kid: await calculateJwkThumbprint({ kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y }),
    };
    const first = await openTestDatabase();
    for (const database of [first, await openDatabase(first.target)]) {
      const standin = await startMarketStandin();
      standin.assign(live, 'token-two-pairs');
      standins.push(standin);
      const t = await createTestApp(
        { authSigningKeys: [key], marketDataUrl: standin.url, marketRefreshIntervalMs: 100 },
        { database },
      );
      apps.push(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    }
    nginx = await startNginx(
      apps.map((t) => `127.0.0.1:${(t.app.server.address() as { port: number }).port}`),
    );
  });
  afterAll(async () => {
    await nginx?.close();
    const [first, second] = apps;
    if (second && !closed.has(second)) await second.app.close();
    if (second) await second.database.close();
    if (first && !closed.has(first)) await first.close();
    else await first?.database.close();
    for (const s of standins) await s.close();
  });

  const [a, b] = [() => apps[0] as TestApp, () => apps[1] as TestApp];
  const viaProxy = (url: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${nginx.url}${url}`, { ...init, headers: { origin: ORIGIN, ...init.headers } });
  const userOn = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });

  it('a session signed in through one instance is good on the other, and its refresh token too', async () => {
    const me = await signIn(a().app);
    expect((await userOn(b(), me.accessToken)).statusCode).toBe(200);
    // Through the proxy: consecutive requests go to both instances in turn.
    for (let i = 0; i < 2; i++)
      expect((await viaProxy('/api/auth/user', { headers: me.headers })).status).toBe(200);
    const res = await b().app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      payload: { refresh_token: me.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await userOn(a(), res.json().access_token)).statusCode).toBe(200);
  });

  it('chat and presence reach sockets on both instances through the one origin', async () => {
    const s = await createStream(a().database.db);
    const channel = chatChannelForMint(s.mint);
    const ws = nginx.url.replace('http', 'ws');
    const sockets = [await connectRealtime(`${ws}/api/realtime`, { origin: ORIGIN })];
    sockets.push(await connectRealtime(`${ws}/api/realtime`, { origin: ORIGIN }));
    // nginx's round robin put one socket on each instance.
    await eventually(
      () => a().app.realtime.hub.socketCount() === 1 && b().app.realtime.hub.socketCount() === 1,
    );
    for (const c of sockets) c.send({ type: 'subscribe', channel });
    const online2 = (e: TRealtimeEvent) =>
      (e.type === 'presence' || e.type === 'subscribed') && e.channel === channel && e.online === 2;
    for (const c of sockets) await c.waitFor(online2);

    const me = await signIn(b().app);
    const posted = await viaProxy(`/api/streams/${s.mint}/messages`, {
      method: 'POST',
      headers: { ...me.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hello from behind nginx' }),
    });
    expect(posted.status).toBe(201);
    for (const c of sockets)
      await c.waitFor(
        (e) => e.type === 'message_inserted' && e.message.content === 'hello from behind nginx',
      );
    for (const c of sockets) c.ws.close();
    await eventually(() => a().app.realtime.hub.socketCount() + b().app.realtime.hub.socketCount() === 0);
  });

  /** The instance whose stand-in got the refresh job's upstream calls. */
  let leader: TestApp;

  it('the market refresh runs on one instance only', async () => {
    await createStream(a().database.db, { mint: live, is_currently_live: true, usd_market_cap: 1 });
    const refreshed = async () =>
      (
        await a()
          .database.db.selectFrom('streams')
          .select('usd_market_cap')
          .where('mint', '=', live)
          .executeTakeFirstOrThrow()
      ).usd_market_cap > 1;
    await eventually(refreshed, 15_000);
    // Both instances are in the race for the job (each has its lock connection); one holds the lock.
    const inRace = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from pg_stat_activity where application_name = ${REFRESH_JOB_CONNECTION}`.execute(
            a().database.db,
          )
        ).rows[0]?.n,
      );
    await eventually(async () => (await inRace()) === 2);
    const calls = standins.map((s) => s.requestsFor(live));
    expect(calls.filter((n) => n > 0)).toHaveLength(1);
    leader = calls[0]! > 0 ? a() : b();
  });

  it('with one instance gone, the site keeps working through the other, which takes the refresh over', async () => {
    const survivor = leader === a() ? b() : a();
    const survivorStandin = standins[apps.indexOf(survivor)]!;
    expect(survivorStandin.requestsFor(live)).toBe(0);
    await leader.app.close();
    closed.add(leader);

    const me = await signIn(survivor.app);
    for (let i = 0; i < 3; i++)
      expect((await viaProxy('/api/auth/user', { headers: me.headers })).status).toBe(200);
    expect((await viaProxy(`/api/streams/${live}`)).status).toBe(200);
    // The survivor becomes the leader: its stand-in now gets the refresh's upstream calls.
    await eventually(() => survivorStandin.requestsFor(live) > 0, 15_000);
  });
});

import { ZGoLivePushPayload } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import type { ReachConfig } from '../src/announce/reach-env.ts';
import type { App } from '../src/app.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { eventually, type Instances, startInstances } from './support/multi-instance.ts';
import { type PushStandin, startPushStandin, type TestBrowser } from './support/push-standin.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

const vapidKeys = webPush.generateVAPIDKeys();
const reach = (over: Partial<ReachConfig> = {}): ReachConfig => ({
  vapid: { ...vapidKeys, subject: 'mailto:ops@example.org' },
  secretsKey: null,
  telegramApiUrl: 'http://127.0.0.1:9',
  allowPrivateTargets: true,
  sweepIntervalMs: 0,
  ...over,
});

let standin: PushStandin;
beforeAll(async () => {
  standin = await startPushStandin(vapidKeys.publicKey);
});
afterAll(() => standin?.close());

const subscribe = (app: App, who: SignedIn, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: who.headers,
    payload: body as object,
  });

const follow = async (app: App, who: SignedIn, mint: string) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/subscribe`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A follower with one browser that allowed notifications. */
const followerWithBrowser = async (app: App, mint: string, status?: number) => {
  const who = await signIn(app);
  await follow(app, who, mint);
  const browser = standin.browser(status);
  const res = await subscribe(app, who, browser.subscription);
  expect(res.statusCode, res.body).toBe(204);
  return { who, browser };
};

/** Let anything still in flight arrive before asserting that it did not. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe(`web push subscriptions API (${databaseKind()})`, () => {
  let t: TestApp;
  let off: TestApp;
  let strict: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ reach: reach() });
    off = await createTestApp({ reach: { ...reach(), vapid: null } }, { database: t.database });
    strict = await createTestApp({ reach: reach({ allowPrivateTargets: false }) }, { database: t.database });
  });
  afterAll(async () => {
    await strict?.app.close();
    await off?.app.close();
    await t?.close();
  });

  it('publishes the VAPID public key, or null when push is off', async () => {
    expect((await t.app.inject({ url: '/api/push/key' })).json()).toEqual({ publicKey: vapidKeys.publicKey });
    expect((await off.app.inject({ url: '/api/push/key' })).json()).toEqual({ publicKey: null });
    const me = await signIn(off.app);
    const res = await subscribe(off.app, me, standin.browser().subscription);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('push_disabled');
  });

  it('needs a session, and answers bad input with a clean 400', async () => {
    const sub = standin.browser().subscription;
    const anon = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: sub });
    expect(anon.statusCode).toBe(401);
    const me = await signIn(t.app);
    const bad: unknown[] = [
      {},
      { endpoint: sub.endpoint },
      { ...sub, endpoint: 'not a url' },
      { ...sub, endpoint: 'ftp://push.example.org/x' },
      { ...sub, keys: { p256dh: 'short', auth: sub.keys.auth } },
      { ...sub, keys: { p256dh: sub.keys.p256dh, auth: '!!!!' } },
      { ...sub, endpoint: `https://x.example/${'a'.repeat(3000)}` },
      [],
      'text',
    ];
    for (const body of bad) {
      const res = await subscribe(t.app, me, body);
      // 415 for a body that is not JSON at all, 400 for JSON that is not a subscription.
      expect(res.statusCode, JSON.stringify(body)).toBe(typeof body === 'string' ? 415 : 400);
      expect(res.json().error.message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: me.headers,
      payload: { endpoint: 42 },
    });
    expect(del.statusCode).toBe(400);
  });

  it('refuses endpoints on loopback, private addresses or plain http (no request forgery)', async () => {
    const me = await signIn(strict.app);
    const keys = standin.browser().subscription.keys;
    for (const endpoint of [
      'https://127.0.0.1/push/1',
      'https://localhost/push/1',
      'https://10.1.2.3/push/1',
      'https://169.254.169.254/latest',
      'https://[::1]/push/1',
      'https://[::ffff:192.168.0.1]/push/1',
      'http://push.example.org/push/1',
    ]) {
      const res = await subscribe(strict.app, me, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.message).toMatch(/^endpoint: /);
    }
  });
});

describe(`web push on go-live (${databaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ reach: reach() });
  });
  afterAll(() => t?.close());

  const goLive = async (creator: string, mint: string) => {
    await t.app.ctx.streams.setLive(creator, mint, false);
    await t.app.ctx.streams.setLive(creator, mint, true);
  };

  it("pushes the go-live to followers' browsers, decrypted by them; not to others, not to the creator", async () => {
    const me = await signIn(t.app);
    const creator = me.address;
    const s = await createStream(t.database.db, { creator_address: creator, name: 'Push Me Live' });
    await follow(t.app, me, s.mint);
    const creatorBrowser = standin.browser();
    expect((await subscribe(t.app, me, creatorBrowser.subscription)).statusCode).toBe(204);
    const a = await followerWithBrowser(t.app, s.mint);
    const second: TestBrowser = standin.browser();
    expect((await subscribe(t.app, a.who, second.subscription)).statusCode).toBe(204);
    const stranger = await signIn(t.app);
    const strangerBrowser = standin.browser();
    await subscribe(t.app, stranger, strangerBrowser.subscription);

    await t.app.ctx.streams.setLive(creator, s.mint, true);
    await eventually(() => a.browser.received.length === 1 && second.received.length === 1);
    const payload = ZGoLivePushPayload.parse(a.browser.received[0]);
    expect(payload).toEqual({
      type: 'stream_went_live',
      mint: s.mint,
      name: 'Push Me Live',
      symbol: s.symbol,
      image_uri: s.image_uri,
      url: `http://localhost:3000/livestream/${s.mint}`,
    });
    // A viewer count change while live is not a new broadcast.
    await t.app.ctx.streams.applySystemUpdate(s.mint, { num_participants: 4 });
    await settle();
    expect(a.browser.received).toHaveLength(1);
    expect(strangerBrowser.received).toHaveLength(0);
    expect(creatorBrowser.received).toHaveLength(0);
    expect(standin.rejected).toEqual([]);
  });

  it('sends nothing to a browser whose switch is off (unsubscribed)', async () => {
    const creator = randomAddress();
    const s = await createStream(t.database.db, { creator_address: creator });
    const a = await followerWithBrowser(t.app, s.mint);
    const b = await followerWithBrowser(t.app, s.mint);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: a.who.headers,
      payload: { endpoint: a.browser.subscription.endpoint },
    });
    expect(off.statusCode).toBe(204);
    await goLive(creator, s.mint);
    await eventually(() => b.browser.received.length === 1);
    await settle();
    expect(a.browser.received).toHaveLength(0);
  });

  it("a stream's own switch: off, its go-live is not pushed; other followed streams still are", async () => {
    const creator = randomAddress();
    const quiet = await createStream(t.database.db, { creator_address: creator, name: 'Quiet One' });
    const loud = await createStream(t.database.db, { creator_address: creator, name: 'Loud One' });
    const f = await followerWithBrowser(t.app, quiet.mint);
    await follow(t.app, f.who, loud.mint);
    const list = async () =>
      (await t.app.inject({ url: '/api/push/streams', headers: f.who.headers })).json().items;
    expect(await list()).toEqual(
      expect.arrayContaining([
        { mint: quiet.mint, name: 'Quiet One', symbol: quiet.symbol, enabled: true },
        { mint: loud.mint, name: 'Loud One', symbol: loud.symbol, enabled: true },
      ]),
    );
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/push/streams/${quiet.mint}`,
      headers: f.who.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await list()).find((i: { mint: string }) => i.mint === quiet.mint).enabled).toBe(false);

    await goLive(creator, quiet.mint);
    await goLive(creator, loud.mint);
    await eventually(() => f.browser.received.length === 1);
    await settle();
    expect(f.browser.received).toEqual([expect.objectContaining({ mint: loud.mint })]);

    // Back on: pushed again. A stream not followed cannot be switched (404); bad input is a 400.
    await t.app.inject({
      method: 'PUT',
      url: `/api/push/streams/${quiet.mint}`,
      headers: f.who.headers,
      payload: { enabled: true },
    });
    await goLive(creator, quiet.mint);
    await eventually(() => f.browser.received.length === 2);
    const stranger = await createStream(t.database.db);
    const put = (mint: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/push/streams/${mint}`,
        headers: f.who.headers,
        payload: payload as object,
      });
    expect((await put(stranger.mint, { enabled: false })).statusCode).toBe(404);
    expect((await put(quiet.mint, { enabled: 'no' })).statusCode).toBe(400);
    expect((await put('0x12', { enabled: false })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/push/streams' })).statusCode).toBe(401);
  });

  it('removes a subscription the push service says is gone (410, 404), keeps one that failed (500)', async () => {
    const creator = randomAddress();
    const s = await createStream(t.database.db, { creator_address: creator });
    const gone = await followerWithBrowser(t.app, s.mint, 410);
    const missing = await followerWithBrowser(t.app, s.mint, 404);
    const flaky = await followerWithBrowser(t.app, s.mint, 500);
    const ok = await followerWithBrowser(t.app, s.mint);
    const endpoints = async () =>
      (await t.database.db.selectFrom('push_subscriptions').select('endpoint').execute()).map(
        (r) => r.endpoint,
      );
    await goLive(creator, s.mint);
    await eventually(() => ok.browser.received.length === 1);
    await eventually(async () => !(await endpoints()).includes(gone.browser.subscription.endpoint));
    await eventually(async () => !(await endpoints()).includes(missing.browser.subscription.endpoint));
    expect(await endpoints()).toContain(flaky.browser.subscription.endpoint);
  });
});

describe(`web push never reaches inside the network (${databaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ reach: reach({ allowPrivateTargets: false }) });
  });
  afterAll(() => t?.close());

  it('checks the address again when sending: an endpoint whose name now resolves to loopback gets nothing', async () => {
    const creator = randomAddress();
    const s = await createStream(t.database.db, { creator_address: creator });
    const follower = await signIn(t.app);
    await follow(t.app, follower, s.mint);
    const browser = standin.browser();
    // As if the name resolved to a public address when subscribed and to 127.0.0.1 now (DNS rebinding).
    const port = new URL(browser.subscription.endpoint).port;
    const endpoint = browser.subscription.endpoint.replace(
      `http://127.0.0.1:${port}`,
      `https://localhost:${port}`,
    );
    await t.database.db
      .insertInto('push_subscriptions')
      .values({ endpoint, user_address: follower.address, ...browser.subscription.keys })
      .execute();
    const connections = standin.connections();
    await t.app.ctx.streams.setLive(creator, s.mint, true);
    await settle();
    await settle();
    expect(browser.received).toHaveLength(0);
    // Not even a connection reached it.
    expect(standin.connections()).toBe(connections);
    expect(await t.database.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([
      { endpoint },
    ]);
  });
});

describe(`web push with two instances (${databaseKind()})`, () => {
  let inst: Instances;
  beforeAll(async () => {
    inst = await startInstances(2, { reach: reach() });
  });
  afterAll(() => inst?.close());

  it('one go-live is pushed once, whichever instance the stream went live on', async () => {
    const [one, two] = inst.apps as [TestApp, TestApp];
    for (const [where, other] of [
      [one, two],
      [two, one],
    ] as const) {
      const creator = randomAddress();
      const s = await createStream(where.database.db, { creator_address: creator });
      const f = await followerWithBrowser(other.app, s.mint);
      await where.app.ctx.streams.setLive(creator, s.mint, true);
      await eventually(() => f.browser.received.length >= 1);
      await settle();
      expect(f.browser.received).toHaveLength(1);
    }
  });
});

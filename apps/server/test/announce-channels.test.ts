import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ReachConfig } from '../src/announce/reach-env.ts';
import type { App } from '../src/app.ts';
import { startDiscordStandin, startTelegramStandin } from './support/announce-standins.ts';
import { createStream } from './support/builders.ts';
import { eventually } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

const BOT = `123456789:${'A'.repeat(20)}b_c-${randomBytes(8).toString('hex')}`;
const WRONG_BOT = `987654321:${'Z'.repeat(35)}`;
let telegram: Awaited<ReturnType<typeof startTelegramStandin>>;
let discord: Awaited<ReturnType<typeof startDiscordStandin>>;
let t: TestApp;
let noKey: TestApp;

const reach = (over: Partial<ReachConfig> = {}): ReachConfig => ({
  vapid: null,
  secretsKey: randomBytes(32),
  telegramApiUrl: telegram.url,
  allowPrivateTargets: true,
  sweepIntervalMs: 0,
  ...over,
});

beforeAll(async () => {
  telegram = await startTelegramStandin([BOT]);
  discord = await startDiscordStandin();
  t = await createTestApp({ reach: reach() });
  noKey = await createTestApp({ reach: reach({ secretsKey: null }) }, { database: t.database });
});
afterAll(async () => {
  await noKey?.app.close();
  await t?.close();
  await telegram?.close();
  await discord?.close();
});

const call = (
  app: App,
  who: SignedIn | null,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const ownStream = async (app: App = t.app) => {
  const creator = await signIn(app);
  const s = await createStream(t.database.db, { creator_address: creator.address, name: 'Announce Me' });
  return { creator, s, base: `/api/streams/${s.mint}/announce` };
};

describe(`Telegram and Discord go-live announcements (${databaseKind()})`, () => {
  it('posts the go-live with the stream link to the connected channel and webhook; secrets never come back', async () => {
    const { creator, s, base } = await ownStream();
    const hook = `${discord.url}/api/webhooks/123/${randomBytes(12).toString('hex')}`;
    const tg = await call(t.app, creator, 'PUT', `${base}/telegram`, {
      botToken: BOT,
      chatId: '@mintcast_live',
    });
    expect(tg.statusCode, tg.body).toBe(200);
    const dc = await call(t.app, creator, 'PUT', `${base}/discord`, { webhookUrl: hook });
    expect(dc.statusCode, dc.body).toBe(200);
    const view = await call(t.app, creator, 'GET', base);
    expect(view.json()).toEqual({
      telegram: { chatId: '@mintcast_live' },
      discord: { connected: true },
      reminders: false,
    });
    for (const res of [tg, dc, view]) {
      expect(res.body).not.toContain(BOT);
      expect(res.body).not.toContain(hook);
    }
    // At rest: sealed, neither the token nor the URL in the row.
    const row = await t.database.db
      .selectFrom('announce_targets')
      .selectAll()
      .where('stream_id', '=', s.mint)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(BOT.split(':')[1]);
    expect(JSON.stringify(row)).not.toContain(hook.split('/').pop());

    const before = discord.received.length;
    await t.app.ctx.streams.setLive(creator.address, s.mint, true);
    const link = `http://localhost:3000/livestream/${s.mint}`;
    await eventually(() => telegram.messages().some((m) => String(m.body.text).includes(link)));
    await eventually(() => discord.received.length === before + 1);
    const message = telegram.messages().find((m) => String(m.body.text).includes(link))!;
    expect(message.path).toBe(`/bot${BOT}/sendMessage`);
    expect(message.body).toMatchObject({ chat_id: '@mintcast_live' });
    expect(message.body.text).toContain('Announce Me');
    const post = discord.received.at(-1)!;
    expect(post.path).toBe(new URL(hook).pathname);
    expect(post.body).toMatchObject({
      allowed_mentions: { parse: [] },
      embeds: [expect.objectContaining({ title: `Announce Me ($${s.symbol})`, url: link })],
    });
    expect(String(post.body.content)).toContain(link);
  });

  it('posts nothing once disconnected', async () => {
    const { creator, s, base } = await ownStream();
    await call(t.app, creator, 'PUT', `${base}/telegram`, { botToken: BOT, chatId: '-1001234567' });
    await call(t.app, creator, 'PUT', `${base}/discord`, { webhookUrl: `${discord.url}/api/webhooks/9/abc` });
    expect((await call(t.app, creator, 'DELETE', `${base}/telegram`)).json()).toEqual({
      telegram: null,
      discord: { connected: true },
      reminders: false,
    });
    expect((await call(t.app, creator, 'DELETE', `${base}/discord`)).json()).toEqual({
      telegram: null,
      discord: null,
      reminders: false,
    });
    const [tgBefore, dcBefore] = [telegram.messages().length, discord.received.length];
    await t.app.ctx.streams.setLive(creator.address, s.mint, true);
    await new Promise((r) => setTimeout(r, 400));
    expect(telegram.messages()).toHaveLength(tgBefore);
    expect(discord.received).toHaveLength(dcBefore);
  });

  it('only the creator, signed in, may see or change them', async () => {
    const { base } = await ownStream();
    const other = await signIn(t.app);
    expect((await call(t.app, null, 'GET', base)).statusCode).toBe(401);
    expect(
      (await call(t.app, null, 'PUT', `${base}/telegram`, { botToken: BOT, chatId: '@x_channel' }))
        .statusCode,
    ).toBe(401);
    expect((await call(t.app, other, 'GET', base)).statusCode).toBe(403);
    expect(
      (await call(t.app, other, 'PUT', `${base}/discord`, { webhookUrl: `${discord.url}/api/webhooks/1/a` }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, other, 'DELETE', `${base}/telegram`)).statusCode).toBe(403);
    const missing = `/api/streams/0x${'9'.repeat(40)}/announce`;
    expect((await call(t.app, other, 'GET', missing)).statusCode).toBe(404);
  });

  it('answers bad input and refused credentials with a clean 4xx', async () => {
    const { creator, base } = await ownStream();
    for (const body of [
      {},
      { botToken: 'nope', chatId: '@mintcast_live' },
      { botToken: BOT, chatId: 'has spaces' },
      { botToken: 5, chatId: 5 },
    ]) {
      const res = await call(t.app, creator, 'PUT', `${base}/telegram`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const wrong = await call(t.app, creator, 'PUT', `${base}/telegram`, {
      botToken: WRONG_BOT,
      chatId: '@mintcast_live',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Telegram refused this bot token');
    for (const body of [
      {},
      { webhookUrl: '' },
      { webhookUrl: 'not a url' },
      { webhookUrl: 'ftp://x.example/hook' },
    ]) {
      const res = await call(t.app, creator, 'PUT', `${base}/discord`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, creator, 'GET', `/api/streams/0x12/announce`)).statusCode).toBe(400);
  });

  it('refuses webhook URLs on loopback or private addresses (no request forgery)', async () => {
    // Started here, not beside `t`: on one database both would race for the announce leader lock, and this
    // one refuses to post to the stand-ins on loopback.
    const strict = await createTestApp(
      { reach: reach({ allowPrivateTargets: false }) },
      { database: t.database },
    );
    onTestFinished(() => strict.app.close());
    const { creator, base } = await ownStream(strict.app);
    for (const webhookUrl of [
      `${discord.url}/api/webhooks/1/a`,
      'https://localhost/api/webhooks/1/a',
      'https://127.0.0.1/api/webhooks/1/a',
      'https://192.168.1.10/api/webhooks/1/a',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/api/webhooks/1/a',
      'https://user:pw@discord.example/api/webhooks/1/a',
    ]) {
      const res = await call(strict.app, creator, 'PUT', `${base}/discord`, { webhookUrl });
      expect(res.statusCode, webhookUrl).toBe(400);
      expect(res.json().error.message).toMatch(/^webhookUrl: /);
    }
    expect((await call(strict.app, creator, 'GET', base)).json()).toEqual({
      telegram: null,
      discord: null,
      reminders: false,
    });
  });

  it('says so when the site has no key to keep secrets with', async () => {
    const { creator, base } = await ownStream(noKey.app);
    const res = await call(noKey.app, creator, 'PUT', `${base}/telegram`, {
      botToken: BOT,
      chatId: '@mintcast_live',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('announce_disabled');
  });
});

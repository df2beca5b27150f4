import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReachConfig } from '../src/announce/reach-env.ts';
import type { App } from '../src/app.ts';
import { startDiscordStandin, startTelegramStandin } from './support/announce-standins.ts';
import { createStream } from './support/builders.ts';
import { eventually } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/** Issue 35 item 2: "if chosen, scheduled-stream reminders are posted there with the stream's card and link". */
const MINUTE = 60_000;
const BOT = `123456789:${'R'.repeat(20)}_${randomBytes(8).toString('hex')}`;
let telegram: Awaited<ReturnType<typeof startTelegramStandin>>;
let discord: Awaited<ReturnType<typeof startDiscordStandin>>;
let t: TestApp;

/** The injected clock: moved by the test, never by time passing. */
let clock = Date.parse('2030-05-01T12:00:00.000Z');

/** Let anything still in flight arrive before asserting that it did not. */
const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  telegram = await startTelegramStandin([BOT]);
  discord = await startDiscordStandin();
  const reach: ReachConfig = {
    vapid: null,
    secretsKey: randomBytes(32),
    telegramApiUrl: telegram.url,
    allowPrivateTargets: true,
    sweepIntervalMs: 0,
    reminderSweepMs: 25,
  };
  t = await createTestApp({ reach }, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
  await discord?.close();
});

const call = (app: App, who: SignedIn, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A creator's stream with Telegram (chat `chatId`) and a Discord webhook connected, scheduled in an hour. */
const connectedStream = async (name: string, chatId: string) => {
  const creator = await signIn(t.app);
  const s = await createStream(t.database.db, { creator_address: creator.address, name });
  const base = `/api/streams/${s.mint}/announce`;
  const hook = `${discord.url}/api/webhooks/${Date.now()}/${randomBytes(12).toString('hex')}`;
  expect((await call(t.app, creator, 'PUT', `${base}/telegram`, { botToken: BOT, chatId })).statusCode).toBe(
    200,
  );
  expect((await call(t.app, creator, 'PUT', `${base}/discord`, { webhookUrl: hook })).statusCode).toBe(200);
  const put = await call(t.app, creator, 'PUT', `/api/streams/${s.mint}/schedule`, {
    starts_at: new Date(clock + 60 * MINUTE).toISOString(),
    title: `${name} premiere`,
  });
  expect(put.statusCode, put.body).toBe(200);
  return { creator, s, base, hook };
};

describe(`scheduled-stream reminders on Telegram and Discord (${databaseKind()})`, () => {
  it('posts the reminder with the card and link where the creator chose so, once; not where it was not chosen', async () => {
    const chosen = await connectedStream('Reminded Desk', '@reminded');
    const quiet = await connectedStream('Quiet Desk', '@quiet');
    // The choice: off by default, on for one creator only; only the creator may set it, with a boolean.
    expect((await call(t.app, chosen.creator, 'GET', chosen.base)).json().reminders).toBe(false);
    const on = await call(t.app, chosen.creator, 'PUT', `${chosen.base}/reminders`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      telegram: { chatId: '@reminded' },
      discord: { connected: true },
      reminders: true,
    });
    expect(
      (await call(t.app, quiet.creator, 'PUT', `${chosen.base}/reminders`, { enabled: false })).statusCode,
    ).toBe(403);
    for (const bad of [{}, { enabled: 'yes' }, []])
      expect((await call(t.app, chosen.creator, 'PUT', `${chosen.base}/reminders`, bad)).statusCode).toBe(
        400,
      );

    const start = clock + 60 * MINUTE;
    clock = start - 5 * MINUTE; // due
    const link = `http://localhost:3000/livestream/${chosen.s.mint}`;
    await eventually(() => telegram.messages().some((m) => m.body.chat_id === '@reminded'));
    await eventually(() => discord.received.some((r) => r.path === new URL(chosen.hook).pathname));
    await settle();
    const posts = telegram.messages().filter((m) => m.body.chat_id === '@reminded');
    expect(posts).toHaveLength(1);
    expect(String(posts[0]!.body.text)).toContain('Reminded Desk premiere');
    expect(String(posts[0]!.body.text)).toContain('2030-05-01 13:00 UTC');
    expect(String(posts[0]!.body.text)).toContain(link);
    const hooks = discord.received.filter((r) => r.path === new URL(chosen.hook).pathname);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.body).toMatchObject({
      allowed_mentions: { parse: [] },
      embeds: [expect.objectContaining({ title: `Reminded Desk ($${chosen.s.symbol})`, url: link })],
    });
    // The other creator did not choose reminders: nothing on its channel or webhook.
    expect(telegram.messages().filter((m) => m.body.chat_id === '@quiet')).toHaveLength(0);
    expect(discord.received.filter((r) => r.path === new URL(quiet.hook).pathname)).toHaveLength(0);
  });
});

import {
  chatChannelForMint,
  type TRealtimeEvent,
  ZChatModeration,
  ZChatRules,
  ZModerationLog,
} from '@mintcast/contracts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createStream } from './support/builders.ts';
import { errorOf, postMessage, putAs } from './support/chat-calls.ts';
import { connectRealtime, type Instances, startInstances } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * Crypto-chat safety (issue 34 item 5): links off except the creator's allowlist, Shield mode (four settings
 * in one switch, and back), and the moderation log. Two instances share one database: what is set on one is
 * enforced on the other. Slow mode counts on an injected clock.
 */
const adminKey = generatePrivateKey();
const adminAddress = privateKeyToAccount(adminKey).address.toLowerCase();
let inst: Instances;
let a: App;
let b: App;
let clock = Date.now();
beforeAll(async () => {
  clock = Date.now(); // near the database's time: the rate limit's window is counted there
  inst = await startInstances(2, { adminAddresses: [adminAddress] }, { now: () => clock });
  [a, b] = inst.apps.map((t) => t.app) as [App, App];
});
afterAll(() => inst?.close());

const post = postMessage;
const put = putAs;
const rules = async (app: App, mint: string) =>
  ZChatRules.parse((await app.inject({ method: 'GET', url: `/api/streams/${mint}/chat-rules` })).json());
const logOf = (app: App, mint: string, who: SignedIn) =>
  app.inject({ method: 'GET', url: `/api/streams/${mint}/moderation/log`, headers: who.headers });

const setup = async () => {
  const creator = await signIn(a);
  const viewer = await signIn(b);
  const { mint } = await createStream(inst.apps[0]!.database.db, { creator_address: creator.address });
  return { creator, viewer, mint };
};

describe(`chat safety (${databaseKind()})`, () => {
  it('links are off by default, except to the domains the creator allows; the host may post any', async () => {
    const { creator, viewer, mint } = await setup();
    for (const content of [
      'claim at https://pancake-claim.xyz/now',
      'go to www.scam.io',
      'free-bnb.finance/claim',
    ]) {
      const refused = await post(b, mint, viewer, content);
      expect(refused.statusCode, content).toBe(422);
      expect(errorOf(refused).code).toBe('links_off');
    }
    expect(errorOf(await post(b, mint, viewer, 'see https://x.com/mintcast')).message).toBe(
      'Your message was not sent: links to x.com are not allowed in this chat',
    );
    expect((await post(b, mint, viewer, 'up 1.5x, e.g. 0.2 BNB')).statusCode).toBe(201);
    expect((await post(a, mint, creator, 'my site https://creator.example.com')).statusCode).toBe(201);

    const saved = await put(a, `/api/streams/${mint}/chat-settings`, creator, { linkAllowlist: ['x.com'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZChatModeration.parse(saved.json()).rules.linkAllowlist).toEqual(['x.com']);
    clock += 1_000;
    expect((await post(b, mint, viewer, 'see https://x.com/mintcast and docs.x.com')).statusCode).toBe(201);
    expect((await post(b, mint, viewer, 'and https://evilx.com')).statusCode).toBe(422);

    for (const linkAllowlist of [['https://x.com'], ['x'], ['a b.com'], 'x.com', Array(31).fill('x.com')]) {
      const bad = await put(a, `/api/streams/${mint}/chat-settings`, creator, { linkAllowlist });
      expect(bad.statusCode, JSON.stringify(linkAllowlist)).toBe(400);
    }
    expect(
      (await put(b, `/api/streams/${mint}/chat-settings`, viewer, { linkAllowlist: ['y.com'] })).statusCode,
    ).toBe(403);
  });

  it('Shield mode switches followers-only, slow mode, links off and the strict words at once, and back', async () => {
    const { creator, viewer, mint } = await setup();
    const mod = await signIn(b);
    expect((await put(a, `/api/streams/${mint}/moderators/${mod.address}`, creator)).statusCode).toBe(204);
    await put(a, `/api/streams/${mint}/chat-settings`, creator, {
      slowModeSeconds: 5,
      linkAllowlist: ['x.com'],
    });
    const socket = await connectRealtime(inst.urls[0]!);
    socket.send({ type: 'subscribe', channel: chatChannelForMint(mint) });
    await socket.waitFor((e) => e.type === 'subscribed');

    expect((await put(b, `/api/streams/${mint}/shield`, viewer, { on: true })).statusCode).toBe(403);
    for (const body of [{}, { on: 'yes' }, { on: true, extra: 1 }]) {
      expect((await put(b, `/api/streams/${mint}/shield`, mod, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    const on = await put(b, `/api/streams/${mint}/shield`, mod, { on: true });
    expect(on.statusCode, on.body).toBe(200);
    const pushed = await socket.waitFor((e: TRealtimeEvent) => e.type === 'chat_rules' && e.rules.shield);
    expect(pushed).toMatchObject({ rules: { shield: true, slowModeSeconds: 5, linkAllowlist: ['x.com'] } });
    expect(await rules(b, mint)).toEqual({
      slowModeSeconds: 5,
      followersOnly: false,
      linkAllowlist: ['x.com'],
      shield: true,
    });

    // 1. followers-only
    expect(errorOf(await post(b, mint, viewer, 'gm')).code).toBe('followers_only');
    const follow = await b.inject({
      method: 'POST',
      url: `/api/streams/${mint}/subscribe`,
      headers: viewer.headers,
    });
    expect(follow.statusCode).toBe(200);
    // 2. the strictest word list, on top of the creator's (none here)
    const scam = await post(b, mint, viewer, 'DM me for the a i r d r o p');
    expect(scam.statusCode).toBe(422);
    expect(errorOf(scam).code).toBe('banned_word');
    // 3. links off, even to the allowlist
    expect(errorOf(await post(b, mint, viewer, 'https://x.com/ok')).code).toBe('links_off');
    // 4. slow mode of 30 s (the chat's own 5 s is shorter)
    expect((await post(b, mint, viewer, 'gm')).statusCode).toBe(201);
    clock += 10_000;
    const slow = await post(b, mint, viewer, 'gm again');
    expect(slow.statusCode).toBe(429);
    expect(errorOf(slow).code).toBe('slow_mode');

    // Off again: the creator's own settings, untouched.
    const off = await put(a, `/api/streams/${mint}/shield`, creator, { on: false });
    expect(off.statusCode).toBe(200);
    expect(await rules(a, mint)).toEqual({
      slowModeSeconds: 5,
      followersOnly: false,
      linkAllowlist: ['x.com'],
      shield: false,
    });
    expect((await post(b, mint, viewer, 'https://x.com/ok')).statusCode).toBe(201);
    expect((await post(b, mint, viewer, 'airdrop soon?')).statusCode).toBe(429); // 5 s slow mode, not 30
    clock += 5_000;
    expect((await post(b, mint, viewer, 'airdrop soon?')).statusCode).toBe(201);
    socket.ws.close();
  });

  it('every moderation action is in the log, newest first, for the creator and admins only', async () => {
    const { creator, viewer, mint } = await setup();
    const mod = await signIn(b);
    const admin = await signIn(a, { privateKey: adminKey });
    expect((await put(a, `/api/streams/${mint}/moderators/${mod.address}`, creator)).statusCode).toBe(204);
    await put(a, `/api/streams/${mint}/chat-settings`, creator, { slowModeSeconds: 10 });
    await put(b, `/api/streams/${mint}/shield`, mod, { on: true });
    await put(b, `/api/streams/${mint}/shield`, mod, { on: false });
    const msg = await post(b, mint, viewer, 'a message to delete');
    const id = (msg.json() as { id: string }).id;
    expect(
      (await b.inject({ method: 'DELETE', url: `/api/streams/${mint}/messages/${id}`, headers: mod.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await b.inject({
          method: 'POST',
          url: `/api/streams/${mint}/mutes`,
          headers: mod.headers,
          payload: { address: viewer.address, minutes: 10 },
        })
      ).statusCode,
    ).toBe(200);
    await b.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/mutes/${viewer.address}`,
      headers: mod.headers,
    });
    await put(b, `/api/streams/${mint}/bans/${viewer.address}`, mod);
    await b.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/bans/${viewer.address}`,
      headers: mod.headers,
    });
    await a.inject({ method: 'POST', url: `/api/streams/${mint}/chat/clear`, headers: creator.headers });
    await a.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/moderators/${mod.address}`,
      headers: creator.headers,
    });

    const res = await logOf(a, mint, creator);
    expect(res.statusCode, res.body).toBe(200);
    const items = ZModerationLog.parse(res.json()).items;
    expect(items.map((e) => [e.action, e.actor, e.target])).toEqual([
      ['remove_moderator', creator.address, mod.address],
      ['clear_chat', creator.address, null],
      ['unban', mod.address, viewer.address],
      ['ban', mod.address, viewer.address],
      ['lift_timeout', mod.address, viewer.address],
      ['timeout', mod.address, viewer.address],
      ['delete_message', mod.address, viewer.address],
      ['shield_off', mod.address, null],
      ['shield_on', mod.address, null],
      ['settings', creator.address, null],
      ['add_moderator', creator.address, mod.address],
    ]);
    expect(items.find((e) => e.action === 'delete_message')?.detail).toBe('a message to delete');
    expect(items.find((e) => e.action === 'timeout')?.detail).toBe('10 min');
    expect(items.find((e) => e.action === 'settings')?.detail).toBe('slowModeSeconds=10');

    expect((await logOf(a, mint, admin)).statusCode).toBe(200);
    expect((await logOf(b, mint, viewer)).statusCode).toBe(403);
    expect((await logOf(b, mint, mod)).statusCode).toBe(403);
    expect((await b.inject({ method: 'GET', url: `/api/streams/${mint}/moderation/log` })).statusCode).toBe(
      401,
    );
    expect((await logOf(a, `0x${'9'.repeat(40)}`, admin)).statusCode).toBe(404);
    expect((await logOf(a, '0x12', admin)).statusCode).toBe(400);
  });
});

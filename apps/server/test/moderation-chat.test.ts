import {
  chatChannelForMint,
  type TRealtimeEvent,
  ZChatHistory,
  ZChatModeration,
  ZChatRules,
} from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createStream } from './support/builders.ts';
import { errorOf, postMessage, putAs } from './support/chat-calls.ts';
import { connectRealtime, type Instances, startInstances } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * The creator's chat tools and the rules every post passes, on two server instances sharing one database:
 * settings written through one instance are enforced by the other and pushed to sockets on both.
 * Slow mode and timeouts count on an injected clock (`clock`), never on the wall clock.
 */
let inst: Instances;
let a: App; // the instance the creator uses
let b: App; // the instance the viewers use
let clock = Date.UTC(2026, 10, 23, 12);
beforeAll(async () => {
  clock = Date.now(); // start near the database's time: the rate limit's window is counted there
  inst = await startInstances(2, {}, { now: () => clock });
  [a, b] = inst.apps.map((t) => t.app) as [App, App];
});
afterAll(() => inst?.close());

const post = postMessage;
const put = putAs;
const settings = (mint: string, who: SignedIn, payload: object) =>
  put(a, `/api/streams/${mint}/chat-settings`, who, payload);
const history = async (app: App, mint: string) =>
  ZChatHistory.parse((await app.inject({ method: 'GET', url: `/api/streams/${mint}/messages` })).json())
    .items;

/** The caller's role and own standing in the chat. */
const own = async (app: App, mint: string, who: SignedIn) =>
  ZChatModeration.parse(
    (
      await app.inject({ method: 'GET', url: `/api/streams/${mint}/moderation`, headers: who.headers })
    ).json(),
  );

/** A stream with its creator signed in on instance a, and a viewer on instance b. */
const setup = async () => {
  const creator = await signIn(a);
  const viewer = await signIn(b);
  const { mint } = await createStream(inst.apps[0]!.database.db, { creator_address: creator.address });
  return { creator, viewer, mint };
};

describe(`chat rules (${databaseKind()})`, () => {
  it('slow mode: shown to every viewer live, enforced on the other instance, the creator exempt', async () => {
    const { creator, viewer, mint } = await setup();
    const socket = await connectRealtime(inst.urls[1]!);
    socket.send({ type: 'subscribe', channel: chatChannelForMint(mint) });
    await socket.waitFor((e) => e.type === 'subscribed');

    expect((await settings(mint, creator, { slowModeSeconds: 121 })).statusCode).toBe(400);
    const res = await settings(mint, creator, { slowModeSeconds: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const pushed = await socket.waitFor((e: TRealtimeEvent) => e.type === 'chat_rules');
    expect(pushed).toMatchObject({ rules: { slowModeSeconds: 10, followersOnly: false } });
    const rules = await b.inject({ method: 'GET', url: `/api/streams/${mint}/chat-rules` });
    expect(ZChatRules.parse(rules.json())).toEqual({
      slowModeSeconds: 10,
      followersOnly: false,
      linkAllowlist: [],
      shield: false,
    });

    expect((await post(b, mint, viewer, 'first')).statusCode).toBe(201);
    clock += 9_000;
    const early = await post(b, mint, viewer, 'too soon');
    expect(early.statusCode).toBe(429);
    expect(errorOf(early)).toEqual({
      code: 'slow_mode',
      message: 'Slow mode is on. You can send another message in 1 s',
      details: { seconds: 1 },
    });
    clock += 1_000;
    expect((await post(b, mint, viewer, 'on time')).statusCode).toBe(201);
    // The creator is not slowed down.
    expect((await post(a, mint, creator, 'one')).statusCode).toBe(201);
    expect((await post(a, mint, creator, 'two')).statusCode).toBe(201);
    socket.ws.close();
  });

  it('followers-only: a wallet that does not follow is refused until it follows; moderators are exempt', async () => {
    const { creator, viewer, mint } = await setup();
    const mod = await signIn(b);
    expect((await put(a, `/api/streams/${mint}/moderators/${mod.address}`, creator)).statusCode).toBe(204);
    expect((await settings(mint, creator, { followersOnly: true })).statusCode).toBe(200);
    const refused = await post(b, mint, viewer, 'hello');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: 'followers_only',
      message: 'This chat is followers-only. Follow the stream to chat.',
    });
    expect((await post(b, mint, mod, 'mod here')).statusCode).toBe(201);
    const follow = await b.inject({
      method: 'POST',
      url: `/api/streams/${mint}/subscribe`,
      headers: viewer.headers,
    });
    expect(follow.statusCode).toBe(200);
    expect((await post(b, mint, viewer, 'hello again')).statusCode).toBe(201);
  });

  it('banned words: whole words, any case, refused with a clear message', async () => {
    const { creator, viewer, mint } = await setup();
    const saved = await settings(mint, creator, { bannedWords: ['Scam', 'rug pull'] });
    expect(ZChatModeration.parse(saved.json()).bannedWords).toEqual(['scam', 'rug pull']);
    for (const content of ['this is a SCAM!', 'scam', 'total Rug Pull here']) {
      const res = await post(b, mint, viewer, content);
      expect(res.statusCode, content).toBe(422);
      expect(errorOf(res).code).toBe('banned_word');
    }
    expect(errorOf(await post(b, mint, viewer, 'scam?'))).toEqual({
      code: 'banned_word',
      message: 'Your message was not sent: "scam" is not allowed in this chat',
      details: { word: 'scam' },
    });
    for (const content of ['scammers everywhere', 'a scampi dinner', 'rug pulled'])
      expect((await post(b, mint, viewer, content)).statusCode, content).toBe(201);
    expect((await settings(mint, creator, { bannedWords: ['x'.repeat(41)] })).statusCode).toBe(400);
  });

  it('timeouts last 1 minute to 24 hours and end on the clock', async () => {
    const { creator, viewer, mint } = await setup();
    const timeout = (minutes: number) =>
      a.inject({
        method: 'POST',
        url: `/api/streams/${mint}/mutes`,
        headers: creator.headers,
        payload: { address: viewer.address, minutes },
      });
    expect((await timeout(0)).statusCode).toBe(400);
    expect((await timeout(24 * 60 + 1)).statusCode).toBe(400);
    expect((await own(b, mint, viewer)).self).toEqual({ banned: null, mutedUntil: null });
    expect((await timeout(1)).statusCode).toBe(200);
    // The viewer learns the timeout before typing (issue 29): the composer says so.
    expect((await own(b, mint, viewer)).self).toEqual({
      banned: null,
      mutedUntil: new Date(clock + 60_000).toISOString(),
    });
    expect(errorOf(await post(b, mint, viewer, 'let me talk')).code).toBe('muted');
    clock += 59_000;
    expect(errorOf(await post(b, mint, viewer, 'now?')).code).toBe('muted');
    clock += 1_000;
    expect((await post(b, mint, viewer, 'back')).statusCode).toBe(201);
    // A lifted timeout ends at once.
    expect((await timeout(24 * 60)).statusCode).toBe(200);
    expect((await post(b, mint, viewer, 'nope')).statusCode).toBe(403);
    const lift = await a.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/mutes/${viewer.address}`,
      headers: creator.headers,
    });
    expect(lift.statusCode).toBe(204);
    expect((await post(b, mint, viewer, 'free')).statusCode).toBe(201);
  });

  it('bans: refused, messages hidden live and in history (tips stay, as tips), back after unban', async () => {
    const { creator, viewer, mint } = await setup();
    const mod = await signIn(a);
    await put(a, `/api/streams/${mint}/moderators/${mod.address}`, creator);
    expect((await post(b, mint, viewer, 'before the ban')).statusCode).toBe(201);
    // A verified tip of the viewer's (as the tips service stores it once the chain confirms it).
    const tip = { amount_wei: '50000000000000000', tx_hash: `0x${'ab'.repeat(32)}` };
    await inst.apps[0]!.database.db.insertInto('messages')
      .values({
        stream_id: mint,
        user_address: viewer.address,
        content: 'tip with words',
        tip_wei: tip.amount_wei,
        tip_tx_hash: tip.tx_hash,
      })
      .execute();
    const socket = await connectRealtime(inst.urls[1]!);
    socket.send({ type: 'subscribe', channel: chatChannelForMint(mint) });
    await socket.waitFor((e) => e.type === 'subscribed');

    // A moderator bans (on instance a); the viewer's socket on instance b hears it.
    expect((await put(a, `/api/streams/${mint}/bans/${viewer.address}`, mod)).statusCode).toBe(204);
    expect(await socket.waitFor((e) => e.type === 'author_hidden')).toMatchObject({
      address: viewer.address,
    });
    const refused = await post(b, mint, viewer, 'after the ban');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'chat_banned', message: 'You are banned from this chat' });
    expect((await own(b, mint, viewer)).self).toEqual({ banned: 'chat', mutedUntil: null });
    // The money was sent: the tip stays in the history as a tip, without the banned author's words.
    expect(await history(b, mint)).toMatchObject([{ user_address: viewer.address, content: '', tip }]);
    // Moderators cannot ban the creator or each other.
    expect((await put(a, `/api/streams/${mint}/bans/${creator.address}`, mod)).statusCode).toBe(400);

    const overview = ZChatModeration.parse(
      (
        await a.inject({ method: 'GET', url: `/api/streams/${mint}/moderation`, headers: mod.headers })
      ).json(),
    );
    expect(overview).toMatchObject({ role: 'moderator', moderators: [mod.address] });
    expect(overview.sanctions).toEqual([{ address: viewer.address, kind: 'ban', until: null }]);

    const unban = await a.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/bans/${viewer.address}`,
      headers: creator.headers,
    });
    expect(unban.statusCode).toBe(204);
    expect((await history(b, mint)).map((m) => m.content).sort()).toEqual([
      'before the ban',
      'tip with words',
    ]);
    expect((await post(b, mint, viewer, 'thanks')).statusCode).toBe(201);
    socket.ws.close();
  });

  it('moderators may delete and time out, not change settings; removing one takes it back', async () => {
    const { creator, viewer, mint } = await setup();
    const mod = await signIn(b);
    const other = await signIn(b);
    expect((await put(b, `/api/streams/${mint}/moderators/${mod.address}`, viewer)).statusCode).toBe(403);
    expect((await put(a, `/api/streams/${mint}/moderators/${mod.address}`, creator)).statusCode).toBe(204);
    const msg = (await post(b, mint, other, 'delete me')).json();
    const del = (who: SignedIn, id: string) =>
      b.inject({ method: 'DELETE', url: `/api/streams/${mint}/messages/${id}`, headers: who.headers });
    expect((await del(mod, msg.id)).statusCode).toBe(204);
    expect((await put(b, `/api/streams/${mint}/chat-settings`, mod, { slowModeSeconds: 5 })).statusCode).toBe(
      403,
    );
    const clear = (who: SignedIn) =>
      b.inject({ method: 'POST', url: `/api/streams/${mint}/chat/clear`, headers: who.headers });
    expect((await clear(mod)).statusCode).toBe(403);

    const removed = await a.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/moderators/${mod.address}`,
      headers: creator.headers,
    });
    expect(removed.statusCode).toBe(204);
    const msg2 = (await post(b, mint, other, 'and me')).json();
    expect((await del(mod, msg2.id)).statusCode).toBe(403);
  });

  it('clear chat empties the history and every open chat', async () => {
    const { creator, viewer, mint } = await setup();
    await post(b, mint, viewer, 'one');
    await post(b, mint, viewer, 'two');
    const socket = await connectRealtime(inst.urls[1]!);
    socket.send({ type: 'subscribe', channel: chatChannelForMint(mint) });
    await socket.waitFor((e) => e.type === 'subscribed');
    const res = await a.inject({
      method: 'POST',
      url: `/api/streams/${mint}/chat/clear`,
      headers: creator.headers,
    });
    expect(res.statusCode).toBe(204);
    await socket.waitFor((e) => e.type === 'chat_cleared' && e.channel === chatChannelForMint(mint));
    expect(await history(b, mint)).toEqual([]);
    socket.ws.close();
  });
});

import { chatChannelForMint, ZApiError, ZChatHistory, ZChatMessage, ZChatMute } from '@mintcast/contracts';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessRepository } from '../src/access/access.repository.ts';
import { createAccess } from '../src/access/access.ts';
import { createChatRepository } from '../src/chat/chat.repository.ts';
import { createChatService } from '../src/chat/chat.service.ts';
import { CHAT_RATE_LIMIT, CHAT_STREAM_LIMIT, createChatRules } from '../src/moderation/chat-rules.service.ts';
import { createModerationRepository } from '../src/moderation/moderation.repository.ts';
import { createModerationLog } from '../src/moderation/moderation-log.repository.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime, insertMessages } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/realtime`;
});
afterAll(() => t?.close());

const history = (mint: string, qs = '') =>
  t.app.inject({ method: 'GET', url: `/api/streams/${mint}/messages${qs}` });
const post = (mint: string, who: SignedIn | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/messages`,
    headers: who?.headers ?? {},
    payload: payload as object,
  });
const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;

describe(`chat history (${databaseKind()})`, () => {
  it('returns newest first, 50 by default, with an id cursor for older pages', async () => {
    const s = await createStream(t.database.db);
    const ids = await insertMessages(t.database.db, s.mint, 120);
    const first = ZChatHistory.parse((await history(s.mint)).json());
    expect(first.items).toHaveLength(50);
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(-50).reverse());
    expect(first.nextBefore).toBe(ids[70]);

    const seen = [...first.items];
    let before = first.nextBefore;
    while (before) {
      const page = ZChatHistory.parse((await history(s.mint, `?limit=30&before=${before}`)).json());
      expect(page.items.length).toBeLessThanOrEqual(30);
      seen.push(...page.items);
      before = page.nextBefore;
    }
    expect(seen.map((m) => m.id)).toEqual([...ids].reverse());
  });

  it('caps the limit at 200 and rejects bad queries', async () => {
    const s = await createStream(t.database.db);
    await insertMessages(t.database.db, s.mint, 205);
    const max = ZChatHistory.parse((await history(s.mint, '?limit=200')).json());
    expect(max.items).toHaveLength(200);
    for (const qs of ['?limit=201', '?limit=0', '?limit=abc', '?before=xyz', '?before=-1']) {
      const res = await history(s.mint, qs);
      expect(res.statusCode, qs).toBe(400);
      expect(errorOf(res).code).toBe('invalid_request');
    }
  });

  it('answers 404 for an unknown stream and an empty page for a quiet one', async () => {
    const res = await history(randomAddress());
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Stream Not Found');
    const s = await createStream(t.database.db);
    expect(ZChatHistory.parse((await history(s.mint)).json())).toEqual({ items: [], nextBefore: null });
  });

  it('keeps streams apart', async () => {
    const a = await createStream(t.database.db);
    const b = await createStream(t.database.db);
    await insertMessages(t.database.db, a.mint, 3);
    expect(ZChatHistory.parse((await history(b.mint)).json()).items).toHaveLength(0);
  });
});

describe(`chat posting (${databaseKind()})`, () => {
  it('stores trimmed content with the author profile from the server, never from the request', async () => {
    const me = await signIn(t.app);
    await t.database.db
      .insertInto('profiles')
      .values({
        address: me.address,
        username: `chatter_${me.address.slice(2, 8)}`,
        profile_image: 'https://example.com/me.png',
      })
      .execute();
    const s = await createStream(t.database.db);
    const res = await post(s.mint, me, {
      content: '  gm everyone  ',
      username: 'admin',
      profile_image: 'https://evil.example/x.png',
      user_address: randomAddress(),
    });
    expect(res.statusCode).toBe(201);
    const msg = ZChatMessage.parse(res.json());
    expect(msg).toMatchObject({
      stream_id: s.mint,
      user_address: me.address,
      username: `chatter_${me.address.slice(2, 8)}`,
      profile_image: 'https://example.com/me.png',
      content: 'gm everyone',
    });
    const page = ZChatHistory.parse((await history(s.mint)).json());
    expect(page.items[0]).toEqual(msg);
  });

  it('validates content: empty, whitespace, 501 characters; 500 is fine', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db);
    for (const content of ['', '   \n\t ', 'x'.repeat(501), undefined, 42]) {
      const res = await post(s.mint, me, { content });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
    }
    expect(errorOf(await post(s.mint, me, { content: ' ' })).message).toContain('Message cannot be empty');
    expect(errorOf(await post(s.mint, me, { content: 'y'.repeat(501) })).message).toContain('500');
    const ok = await post(s.mint, me, { content: 'z'.repeat(500) });
    expect(ok.statusCode).toBe(201);
    expect(ZChatHistory.parse((await history(s.mint)).json()).items).toHaveLength(1);
  });

  it('keeps HTML and script verbatim as text (the client renders it as text)', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db);
    const content = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const res = await post(s.mint, me, { content });
    expect(res.statusCode).toBe(201);
    expect(ZChatMessage.parse(res.json()).content).toBe(content);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers 401 without a session and 404 for an unknown stream', async () => {
    const s = await createStream(t.database.db);
    const anon = await post(s.mint, null, { content: 'hello' });
    expect(anon.statusCode).toBe(401);
    expect(errorOf(anon).code).toBe('unauthorized');
    const me = await signIn(t.app);
    const missing = await post(randomAddress(), me, { content: 'hello' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('Stream Not Found');
  });

  it('lets a burst of 5 through, then answers 429 with a clear message', async () => {
    const me = await signIn(t.app);
    const other = await signIn(t.app);
    const s = await createStream(t.database.db);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await post(s.mint, me, { content: `msg ${i}` })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const limited = await post(s.mint, me, { content: 'again' });
    expect(errorOf(limited)).toMatchObject({ code: 'rate_limited' });
    expect(errorOf(limited).message).toMatch(/too fast\. Try again in \d+ s/);
    // The wait comes as a parameter too, so the page says it in the visitor's language (issue 29).
    expect(errorOf(limited).details).toEqual({ seconds: expect.any(Number) });
    // The limit is per address: someone else still posts.
    expect((await post(s.mint, other, { content: 'me too' })).statusCode).toBe(201);
    expect(ZChatHistory.parse((await history(s.mint)).json()).items).toHaveLength(6);
  });
});

describe(`chat posting limit across instances (${databaseKind()})`, () => {
  /** Messages written by `address` as if other server instances had accepted them, `agoMs` ago. */
  const postedElsewhere = async (mint: string, address: string, count: number, agoMs: number) => {
    for (let i = 0; i < count; i++) {
      await t.database.db
        .insertInto('messages')
        .values({
          stream_id: mint,
          user_address: address,
          content: `elsewhere ${i}`,
          created_at: sql<Date>`now() - make_interval(secs => ${agoMs / 1000})`,
        })
        .execute();
    }
  };

  it('counts an address’s messages from every instance: 20 in the last 30 s → 429', async () => {
    const me = await signIn(t.app);
    const other = await signIn(t.app);
    const elsewhere = await createStream(t.database.db);
    const here = await createStream(t.database.db);
    await postedElsewhere(elsewhere.mint, me.address, 20, 10_000); // this instance's bucket is still full
    const limited = await post(here.mint, me, { content: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({ code: 'rate_limited' });
    // The oldest of the 20 leaves the window in about 20 s.
    const seconds = Number(/Try again in (\d+) s/.exec(errorOf(limited).message)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(19);
    expect(seconds).toBeLessThanOrEqual(21);
    expect((await post(here.mint, other, { content: 'me too' })).statusCode).toBe(201);
  });

  it('forgets messages older than the window', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db);
    await postedElsewhere(s.mint, me.address, 20, 31_000);
    await postedElsewhere(s.mint, me.address, 19, 1_000);
    expect((await post(s.mint, me, { content: 'still fine' })).statusCode).toBe(201);
    expect((await post(s.mint, me, { content: 'now the 21st' })).statusCode).toBe(429);
  });
});

describe(`chat moderation (${databaseKind()})`, () => {
  it('lets only the stream creator delete a message', async () => {
    const host = await signIn(t.app);
    const viewer = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: host.address });
    const msg = ZChatMessage.parse((await post(s.mint, viewer, { content: 'spam' })).json());
    const url = `/api/streams/${s.mint}/messages/${msg.id}`;

    const byViewer = await t.app.inject({ method: 'DELETE', url, headers: viewer.headers });
    expect(byViewer.statusCode).toBe(403);
    expect(errorOf(byViewer).message).toBe('Only the stream creator or a moderator can moderate this chat');
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);

    const byHost = await t.app.inject({ method: 'DELETE', url, headers: host.headers });
    expect(byHost.statusCode).toBe(204);
    expect(ZChatHistory.parse((await history(s.mint)).json()).items).toHaveLength(0);
    expect((await t.app.inject({ method: 'DELETE', url, headers: host.headers })).statusCode).toBe(404);

    // A message id from another stream is not this host's to delete.
    const elsewhere = await createStream(t.database.db);
    const foreign = ZChatMessage.parse((await post(elsewhere.mint, viewer, { content: 'hi' })).json());
    const cross = await t.app.inject({
      method: 'DELETE',
      url: `/api/streams/${s.mint}/messages/${foreign.id}`,
      headers: host.headers,
    });
    expect(cross.statusCode).toBe(404);
  });

  it('lets only the creator mute; a muted author gets a clear 403 until the mute ends', async () => {
    const host = await signIn(t.app);
    const viewer = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: host.address });
    const mute = (who: SignedIn, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/streams/${s.mint}/mutes`, headers: who.headers, payload });

    expect((await mute(viewer, { address: host.address, minutes: 10 })).statusCode).toBe(403);
    expect((await mute(host, { address: viewer.address, minutes: 0 })).statusCode).toBe(400);
    expect((await mute(host, { address: 'nope', minutes: 10 })).statusCode).toBe(400);
    expect((await mute(host, { address: host.address, minutes: 10 })).statusCode).toBe(400);

    const res = await mute(host, { address: viewer.address.toUpperCase().replace('0X', '0x'), minutes: 10 });
    expect(res.statusCode).toBe(200);
    expect(ZChatMute.parse(res.json()).address).toBe(viewer.address);

    const blocked = await post(s.mint, viewer, { content: 'let me talk' });
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked)).toEqual({
      code: 'muted',
      message: 'You are muted in this chat by the host for 10 more minutes',
      details: { minutes: 10 },
    });
    // Mutes are per stream.
    const other = await createStream(t.database.db);
    expect((await post(other.mint, viewer, { content: 'elsewhere' })).statusCode).toBe(201);

    // Once the mute is over the author can post again.
    await t.database.db
      .updateTable('chat_mutes')
      .set({ muted_until: new Date(Date.now() - 1000) })
      .where('user_address', '=', viewer.address)
      .execute();
    expect((await post(s.mint, viewer, { content: 'back' })).statusCode).toBe(201);
  });
});

describe(`the cost of one post (${databaseKind()})`, () => {
  /** The chat service on a Kysely that counts the statements it sends (a query log of this service only). */
  const countedService = () => {
    const log: string[] = [];
    const db = t.database.db.withPlugin({
      transformQuery: (args) => {
        log.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const chat = createChatService(
      createChatRepository(db),
      { channelOf: (topic) => `test_${topic}` },
      {
        rules: createChatRules(createModerationRepository(db), { now: Date.now }),
        access: createAccess(createAccessRepository(db), { admins: [] }),
        log: createModerationLog(db),
        now: Date.now,
      },
    );
    return { chat, log };
  };

  it('reads the stream and the author once and writes once: two statements per post, one per refusal', async () => {
    const author = randomAddress();
    const s = await createStream(t.database.db);
    await t.database.db.insertInto('profiles').values({ address: author, username: 'counted' }).execute();
    const { chat, log } = countedService();

    const json = await chat.post(author, s.mint, 'hello');
    // One read (stream, settings, bans, timeout, follow, profile, last post, posting limit), one insert + NOTIFY.
    expect(log).toEqual(['SelectQueryNode', 'RawNode']);
    // The answer is the JSON the insert built (the NOTIFY carries the same text).
    expect(ZChatMessage.parse(JSON.parse(json))).toMatchObject({ username: 'counted', content: 'hello' });

    log.length = 0;
    await t.database.db
      .insertInto('chat_bans')
      .values({ stream_id: s.mint, user_address: author, banned_by: randomAddress() })
      .execute();
    await expect(chat.post(author, s.mint, 'again')).rejects.toMatchObject({ code: 'chat_banned' });
    expect(log).toEqual(['SelectQueryNode']);
  });

  it('answers the post with the exact JSON text the NOTIFY carries', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db);
    const socket = await connectRealtime(url);
    socket.send({ type: 'subscribe', channel: chatChannelForMint(s.mint) });
    await socket.waitFor((e) => e.type === 'subscribed');
    const res = await post(s.mint, me, { content: 'once' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const live = await socket.waitFor((e) => e.type === 'message_inserted');
    expect(live).toMatchObject({ message: res.json() });
    socket.ws.close();
  });
});

describe(`per-stream ceiling on the injected clock (${databaseKind()})`, () => {
  it('holds a stream to its ceiling whatever the number of wallets; staff pass; the clock refills it', async () => {
    let clock = Date.now();
    const timed = await createTestApp({}, { database: t.database, now: () => clock });
    try {
      const host = await signIn(timed.app);
      const s = await createStream(t.database.db, { creator_address: host.address });
      const say = (who: SignedIn, content: string) =>
        timed.app.inject({
          method: 'POST',
          url: `/api/streams/${s.mint}/messages`,
          headers: who.headers,
          payload: { content },
        });
      // 8 fresh wallets, each within its own burst of 5: 40 messages, the stream's burst.
      const wallets: SignedIn[] = [];
      for (let i = 0; i < 9; i++) wallets.push(await signIn(timed.app));
      for (const w of wallets.slice(0, 8))
        for (let i = 0; i < CHAT_RATE_LIMIT.burst; i++) expect((await say(w, `m${i}`)).statusCode).toBe(201);
      expect(CHAT_STREAM_LIMIT.burst).toBe(40);

      const busy = await say(wallets[8]!, 'one more wallet');
      expect(busy.statusCode).toBe(429);
      expect(errorOf(busy)).toEqual({
        code: 'chat_busy',
        message: 'This chat is receiving too many messages right now. Try again in a few seconds',
      });
      // The host is not held by the ceiling; another stream is not affected.
      expect((await say(host, 'host speaking')).statusCode).toBe(201);
      const other = await createStream(t.database.db);
      const elsewhere = await timed.app.inject({
        method: 'POST',
        url: `/api/streams/${other.mint}/messages`,
        headers: wallets[8]!.headers,
        payload: { content: 'hi' },
      });
      expect(elsewhere.statusCode).toBe(201);
      // 100 ms later on the app's clock: 2 tokens back (20 per second), no sleeping.
      clock += 100;
      expect((await say(wallets[8]!, 'now')).statusCode).toBe(201);
    } finally {
      await timed.app.close();
    }
  });
});

describe(`deleting messages (${databaseKind()})`, () => {
  it("a moderator cannot delete the creator's own messages (403 creator_message_protected); the creator and admins can", async () => {
    const adminKey = generatePrivateKey();
    const adminAddress = privateKeyToAccount(adminKey).address.toLowerCase();
    const withAdmin = await createTestApp({ adminAddresses: [adminAddress] }, { database: t.database });
    try {
      const app = withAdmin.app;
      const host = await signIn(app);
      const mod = await signIn(app);
      const viewer = await signIn(app);
      const admin = await signIn(app, { privateKey: adminKey });
      const s = await createStream(t.database.db, { creator_address: host.address });
      await t.database.db
        .insertInto('stream_moderators')
        .values({ stream_id: s.mint, address: mod.address, added_by: host.address })
        .execute();
      const say = async (who: SignedIn, content: string) => {
        const res = await app.inject({
          method: 'POST',
          url: `/api/streams/${s.mint}/messages`,
          headers: who.headers,
          payload: { content },
        });
        return ZChatMessage.parse(res.json()).id;
      };
      const del = (who: SignedIn, id: string) =>
        app.inject({ method: 'DELETE', url: `/api/streams/${s.mint}/messages/${id}`, headers: who.headers });

      const hostLine = await say(host, 'welcome everyone');
      const refused = await del(mod, hostLine);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({
        code: 'creator_message_protected',
        message: "Moderators cannot delete the stream creator's messages",
      });
      // The moderator still moderates the audience; viewers moderate nothing.
      expect((await del(mod, await say(viewer, 'spam'))).statusCode).toBe(204);
      expect((await del(viewer, hostLine)).statusCode).toBe(403);
      // The creator deletes its own; an admin (no role in this stream) deletes any.
      expect((await del(host, await say(host, 'typo'))).statusCode).toBe(204);
      expect((await del(admin, hostLine)).statusCode).toBe(204);
      expect((await del(admin, hostLine)).statusCode).toBe(404);
    } finally {
      await withAdmin.app.close();
    }
  });
});

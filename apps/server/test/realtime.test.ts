import {
  chatChannelForMint,
  httpViewersChannelForMint,
  mergeChatMessages,
  REALTIME_CLOSE,
  REALTIME_MAX_SUBSCRIPTIONS,
  type TChatMessage,
  type TRealtimeEvent,
  ZChatHistory,
  ZChatMessage,
} from '@mintcast/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listenerApplicationName } from '../src/realtime/pubsub.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime, eventually, useInstances } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

const inst = useInstances();
const COUNT = inst.count;
const { first, last, lastUrl } = inst;
const inserted = (e: TRealtimeEvent): e is Extract<TRealtimeEvent, { type: 'message_inserted' }> =>
  e.type === 'message_inserted';
const presenceIs = (channel: string, online: number) => (e: TRealtimeEvent) =>
  (e.type === 'presence' || e.type === 'subscribed') && e.channel === channel && e.online === online;

const postAs = async (who: SignedIn, mint: string, content: string): Promise<TChatMessage> => {
  const res = await first().app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/messages`,
    headers: who.headers,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZChatMessage.parse(res.json());
};

const subscribed = async (url: string, channel: string) => {
  const c = await connectRealtime(url, { origin: 'http://localhost:3000' });
  c.send({ type: 'subscribe', channel });
  await c.waitFor((e) => e.type === 'subscribed' && e.channel === channel);
  return c;
};

describe(`realtime (${databaseKind()}, ${COUNT} instance${COUNT > 1 ? 's' : ''})`, () => {
  it('checks Origin on the handshake', async () => {
    await expect(connectRealtime(inst.urls[0]!, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const ok = await connectRealtime(inst.urls[0]!, { origin: 'http://localhost:3000' });
    ok.send({ type: 'ping', id: 'p1' });
    expect(await ok.waitFor((e) => e.type === 'pong')).toEqual({ type: 'pong', id: 'p1' });
    ok.ws.close();
  });

  it('rejects unknown channels and malformed frames with an error event, keeping the socket', async () => {
    const c = await connectRealtime(inst.urls[0]!);
    c.send({ type: 'subscribe', channel: 'stream_chat_nope' });
    await c.waitFor((e) => e.type === 'error' && e.code === 'bad_message');
    c.ws.send('not json');
    await eventually(() => c.events.filter((e) => e.type === 'error').length === 2);
    c.send({ type: 'ping' });
    await c.waitFor((e) => e.type === 'pong');
    c.ws.close();
  });

  it('delivers a message posted on one instance once, in order, to subscribers of every instance', async () => {
    const s = await createStream(first().database.db);
    const channel = chatChannelForMint(s.mint);
    const onFirst = await subscribed(inst.urls[0]!, channel);
    const onLast = await subscribed(lastUrl(), channel);
    const other = await subscribed(
      lastUrl(),
      chatChannelForMint((await createStream(first().database.db)).mint),
    );

    const writers = [await signIn(first().app), await signIn(first().app)];
    const posted: TChatMessage[] = [];
    for (let i = 0; i < 6; i++) posted.push(await postAs(writers[i % 2]!, s.mint, `hello ${i}`));

    // A last message, delivered after any duplicate of the ones before it (one ordered path per instance).
    const last = await postAs(writers[0]!, s.mint, 'last');
    for (const c of [onFirst, onLast]) {
      await eventually(() => c.events.some((e) => inserted(e) && e.message.id === last.id));
      const got = c.events.filter(inserted);
      expect(got.map((e) => e.message)).toEqual([...posted, last]);
      expect(got.every((e) => e.channel === channel)).toBe(true);
    }
    expect(other.events.filter(inserted)).toHaveLength(0);
    for (const c of [onFirst, onLast, other]) c.ws.close();
  });

  it('delivers a message too big for one NOTIFY (long profile image URL) by fetching the row', async () => {
    const author = await signIn(first().app);
    const image = `https://example.com/${'a'.repeat(7_800)}.png`;
    await first()
      .database.db.insertInto('profiles')
      .values({ address: author.address, profile_image: image })
      .execute();
    const s = await createStream(first().database.db);
    const viewer = await subscribed(lastUrl(), chatChannelForMint(s.mint));
    const msg = await postAs(author, s.mint, 'é'.repeat(500));
    expect(msg.profile_image).toBe(image);
    expect((await viewer.waitFor(inserted)).message).toEqual(msg);
    viewer.ws.close();
  });

  it('tells every instance when the host deletes a message', async () => {
    const poster = await signIn(first().app);
    const host = await signIn(first().app);
    const s = await createStream(first().database.db, { creator_address: host.address });
    const channel = chatChannelForMint(s.mint);
    const viewer = await subscribed(lastUrl(), channel);
    const msg = await postAs(poster, s.mint, 'delete me');
    await viewer.waitFor(inserted);
    const res = await first().app.inject({
      method: 'DELETE',
      url: `/api/streams/${s.mint}/messages/${msg.id}`,
      headers: host.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await viewer.waitFor((e) => e.type === 'message_deleted')).toEqual({
      type: 'message_deleted',
      channel,
      id: msg.id,
    });
    viewer.ws.close();
  });

  it('counts presence across instances, live, and cleans up a killed socket', async () => {
    const s = await createStream(first().database.db);
    const channel = chatChannelForMint(s.mint);
    const a = await subscribed(inst.urls[0]!, channel);
    const b = await subscribed(lastUrl(), channel);
    const c = await subscribed(lastUrl(), channel);
    await a.waitFor(presenceIs(channel, 3));
    await c.waitFor(presenceIs(channel, 3));

    const sockets = () => inst.apps.reduce((n, t) => n + t.app.realtime.hub.socketCount(), 0);
    const before = sockets();
    c.ws.terminate(); // no close handshake: the way a crashed tab or dropped network goes
    await eventually(() => sockets() === before - 1);
    expect(last().app.realtime.hub.localCount(channel)).toBe(COUNT === 1 ? 2 : 1);
    await a.waitFor(presenceIs(channel, 2));
    await b.waitFor(presenceIs(channel, 2));

    b.send({ type: 'unsubscribe', channel });
    await a.waitFor(presenceIs(channel, 1));
    a.ws.close();
    b.ws.close();
  });

  it('drops a socket that stops answering heartbeats', async () => {
    const hub = last().app.realtime.hub;
    hub.tune({ heartbeatMs: 100 });
    try {
      const c = await connectRealtime(lastUrl());
      c.send({ type: 'ping' });
      await c.waitFor((e) => e.type === 'pong'); // the server has attached it
      const before = hub.socketCount();
      // Stop reading: pings go unanswered, as with a half-open TCP connection.
      (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      await eventually(() => hub.socketCount() === before - 1, 3_000);
    } finally {
      hub.tune({ heartbeatMs: 30_000 });
    }
  });

  it('writes every event due for a socket within the window as one frame, in order', async () => {
    const poster = await signIn(first().app);
    const hub = last().app.realtime.hub;
    const s = await createStream(first().database.db);
    const channel = chatChannelForMint(s.mint);
    const c = await subscribed(lastUrl(), channel);
    try {
      const message = await postAs(poster, s.mint, 'burst');
      await c.waitFor((e) => inserted(e) && e.message.id === message.id);
      const framesBefore = c.frames.length;
      const writesBefore = hub.stats.writes;
      // Three events due in the same turn: one write to this socket carrying all three.
      for (const content of ['one', 'two', 'three'])
        hub.deliver(channel, { type: 'message_inserted', channel, message: { ...message, content } });
      await c.waitFor((e) => inserted(e) && e.message.content === 'three');
      expect(c.frames.slice(framesBefore)).toEqual([3]);
      expect(hub.stats.writes - writesBefore).toBe(1);
      const contents = c.events.filter(inserted).map((e) => e.message.content);
      expect(contents.slice(-3)).toEqual(['one', 'two', 'three']);
    } finally {
      c.ws.close();
    }
  });

  it('a socket on two channels gets its own batch, not the one its channel neighbours share', async () => {
    const poster = await signIn(first().app);
    const hub = last().app.realtime.hub;
    const [x, y] = [await createStream(first().database.db), await createStream(first().database.db)];
    const [chX, chY] = [chatChannelForMint(x.mint), chatChannelForMint(y.mint)];
    const onlyX = await subscribed(lastUrl(), chX);
    const both = await subscribed(lastUrl(), chX);
    both.send({ type: 'subscribe', channel: chY });
    await both.waitFor((e) => e.type === 'subscribed' && e.channel === chY);
    try {
      const message = await postAs(poster, x.mint, 'seen');
      await onlyX.waitFor((e) => inserted(e) && e.message.id === message.id);
      await both.waitFor((e) => inserted(e) && e.message.id === message.id);
      const [framesX, framesBoth] = [onlyX.frames.length, both.frames.length];
      // Due in the same turn; both sockets' batches start with the same frame.
      const event = (channel: string, content: string): TRealtimeEvent => ({
        type: 'message_inserted',
        channel,
        message: { ...message, content },
      });
      hub.deliver(chX, event(chX, 'x1'));
      hub.deliver(chY, event(chY, 'y1'));
      hub.deliver(chX, event(chX, 'x2'));
      await onlyX.waitFor((e) => inserted(e) && e.message.content === 'x2');
      await both.waitFor((e) => inserted(e) && e.message.content === 'x2');
      const contents = (c: typeof onlyX) => c.events.filter(inserted).map((e) => e.message.content);
      expect(onlyX.frames.slice(framesX)).toEqual([2]);
      expect(contents(onlyX).slice(-2)).toEqual(['x1', 'x2']);
      expect(both.frames.slice(framesBoth)).toEqual([3]);
      expect(contents(both).slice(-3)).toEqual(['x1', 'y1', 'x2']);
    } finally {
      onlyX.ws.close();
      both.ws.close();
    }
  });

  it('disconnects a client that cannot keep up instead of buffering for it', async () => {
    const poster = await signIn(first().app);
    const hub = last().app.realtime.hub;
    const s = await createStream(first().database.db);
    const channel = chatChannelForMint(s.mint);
    const slow = await subscribed(lastUrl(), channel);
    const fast = await subscribed(lastUrl(), channel);
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    hub.tune({ maxBufferedBytes: 64 * 1024 });
    try {
      const big = { ...(await postAs(poster, s.mint, 'x'.repeat(500))) };
      const dropped = hub.stats.droppedSlow;
      // Far more than the kernel's socket buffers can hold for a reader that never reads.
      for (let i = 0; i < 40_000 && hub.stats.droppedSlow === dropped; i++) {
        hub.deliver(channel, { type: 'message_inserted', channel, message: big });
        if (i % 500 === 0) await new Promise((r) => setImmediate(r));
      }
      expect(hub.stats.droppedSlow).toBe(dropped + 1);
      await eventually(() => hub.localCount(channel) === 1);
      expect(fast.ws.readyState).toBe(fast.ws.OPEN);
    } finally {
      hub.tune({ maxBufferedBytes: 1024 * 1024 });
      fast.ws.close();
      slow.ws.terminate();
    }
  });

  it.runIf(COUNT > 1)(
    'recovers from a killed LISTEN connection: clients are told to resync, delivery resumes',
    async () => {
      const poster = await signIn(first().app);
      const s = await createStream(first().database.db);
      const channel = chatChannelForMint(s.mint);
      const viewer = await subscribed(lastUrl(), channel);
      const name = listenerApplicationName(last().app.realtime.pubsub.namespace);
      const listeners = async () =>
        (
          await sql<{
            pid: number;
          }>`select pid from pg_stat_activity where application_name = ${name}`.execute(first().database.db)
        ).rows.map((r) => r.pid);
      const old = await listeners();
      expect(old).toHaveLength(COUNT);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`.execute(
        first().database.db,
      );
      expect(await viewer.closed).toBe(REALTIME_CLOSE.resync);
      await eventually(async () => {
        const now = await listeners();
        return now.length === COUNT && now.every((pid) => !old.includes(pid));
      }, 10_000);
      const again = await subscribed(lastUrl(), channel);
      const msg = await postAs(poster, s.mint, 'still here');
      expect((await again.waitFor(inserted)).message).toEqual(msg);
      again.ws.close();
    },
  );

  it(`bounds subscriptions per socket at ${REALTIME_MAX_SUBSCRIPTIONS}`, async () => {
    const c = await connectRealtime(inst.urls[0]!);
    for (let i = 0; i <= REALTIME_MAX_SUBSCRIPTIONS; i++)
      c.send({ type: 'subscribe', channel: chatChannelForMint(randomAddress()) });
    const err = await c.waitFor((e) => e.type === 'error' && e.code === 'too_many_subscriptions');
    expect(err.type === 'error' && err.message).toContain(String(REALTIME_MAX_SUBSCRIPTIONS));
    expect(c.events.filter((e) => e.type === 'subscribed')).toHaveLength(REALTIME_MAX_SUBSCRIPTIONS);
    c.ws.close();
  });

  it('fills the gap after a reconnect: messages posted while away appear once, in order', async () => {
    const poster = await signIn(first().app);
    const s = await createStream(first().database.db);
    const channel = chatChannelForMint(s.mint);
    const m1 = await postAs(poster, s.mint, 'before');
    const history = async () =>
      ZChatHistory.parse(
        (await last().app.inject({ method: 'GET', url: `/api/streams/${s.mint}/messages` })).json(),
      ).items.reverse();

    // Client: history, then live.
    let list = mergeChatMessages([], await history());
    const c1 = await subscribed(lastUrl(), channel);
    const m2 = await postAs(poster, s.mint, 'live');
    list = mergeChatMessages(list, [(await c1.waitFor(inserted)).message]);
    c1.ws.terminate();
    const away = [await postAs(poster, s.mint, 'away 1'), await postAs(poster, s.mint, 'away 2')];

    // Reconnect: subscribe first, then refetch history, then merge both (overlaps collapse).
    const c2 = await subscribed(lastUrl(), channel);
    const m5 = await postAs(poster, s.mint, 'after');
    // Wait for this very message: a message posted just before the subscription may still arrive first
    // (another instance's notification in flight), and that is fine — the merge below collapses it.
    await c2.waitFor((e) => inserted(e) && e.message.id === m5.id);
    list = mergeChatMessages(list, await history());
    list = mergeChatMessages(
      list,
      c2.events.filter(inserted).map((e) => e.message),
    );
    expect(list.map((m) => m.content)).toEqual(['before', 'live', 'away 1', 'away 2', 'after']);
    expect(list.map((m) => m.id)).toEqual([m1, m2, ...away, m5].map((m) => m.id));
    // Live events may overlap the refetched history (a race by nature); the merge keeps one of each.
    const live = c2.events.filter(inserted).map((e) => e.message.id);
    expect(new Set(live).size).toBe(live.length);
    expect(live).toContain(m5.id);
    c2.ws.close();
  });
  it("counts HTTP-tier players (their stream_hls_ channel) in a live stream's viewers and in /metrics, on every instance", async () => {
    const live = await createStream(first().database.db, { is_currently_live: true });
    const offline = await createStream(first().database.db);
    const viewers = async (mint: string) =>
      (
        await first()
          .database.db.selectFrom('streams')
          .select('num_participants')
          .where('mint', '=', mint)
          .executeTakeFirstOrThrow()
      ).num_participants;
    const httpGauge = async (app = last()) => {
      const res = await app.app.inject({ method: 'GET', url: '/metrics' });
      return Number(/^live_viewers\{tier="http"\} (\d+)$/m.exec(res.body)?.[1]);
    };
    const a = await subscribed(inst.urls[0]!, httpViewersChannelForMint(live.mint));
    const b = await subscribed(lastUrl(), httpViewersChannelForMint(live.mint));
    const c = await subscribed(lastUrl(), httpViewersChannelForMint(offline.mint));
    await eventually(async () => (await viewers(live.mint)) === 2, 30_000);
    await eventually(async () => (await httpGauge(first())) === 3 && (await httpGauge()) === 3, 30_000);
    const scrape = await first().app.inject({ method: 'GET', url: '/metrics' });
    expect(scrape.body).toMatch(/^live_viewers\{tier="webrtc"\} 0$/m);
    expect(await viewers(offline.mint)).toBe(0); // an offline stream's count stays 0
    b.ws.close();
    await eventually(async () => (await viewers(live.mint)) === 1, 30_000);
    a.ws.close();
    c.ws.close();
    await eventually(async () => (await viewers(live.mint)) === 0 && (await httpGauge()) === 0, 30_000);
  });
});

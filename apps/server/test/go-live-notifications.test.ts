import { notificationsChannelFor, type TRealtimeEvent } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import {
  connectRealtime,
  type Instances,
  type RealtimeTestClient,
  startInstances,
} from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

// Two instances on PostgreSQL (the stream goes live on one, the follower is connected to the other).
const COUNT = process.env.TEST_DATABASE_URL ? 2 : 1;
let inst: Instances;
beforeAll(async () => {
  inst = await startInstances(COUNT);
});
afterAll(() => inst?.close());

const first = () => inst.apps[0]!;
/** The follower's instance: it signs in, follows and listens there (each test instance has its own signing key). */
const last = () => inst.apps[COUNT - 1]!;
const lastUrl = () => inst.urls[COUNT - 1]!;
const wentLive = (e: TRealtimeEvent) => e.type === 'stream_went_live';

const follow = async (who: SignedIn, mint: string) => {
  const res = await last().app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/subscribe`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A signed-in wallet's tab: subscribed to its own notifications channel with its access token. */
const listening = async (who: SignedIn) => {
  const c = await connectRealtime(lastUrl(), { origin: 'http://localhost:3000' });
  const channel = notificationsChannelFor(who.address);
  c.send({ type: 'subscribe', channel, token: who.accessToken });
  await c.waitFor((e) => e.type === 'subscribed' && e.channel === channel);
  return c;
};

/** Everything the server sent this socket before now has arrived once a ping sent now is answered. */
const drained = async (c: RealtimeTestClient) => {
  const id = `drain-${Math.random()}`;
  c.send({ type: 'ping', id });
  await c.waitFor((e) => e.type === 'pong' && e.id === id);
};

describe(`go-live notifications (${databaseKind()}, ${COUNT} instance${COUNT > 1 ? 's' : ''})`, () => {
  it('tells a signed-in follower once per broadcast, and nobody else', async () => {
    const creator = randomAddress();
    const s = await createStream(first().database.db, { creator_address: creator, name: 'Follow Me Live' });
    const follower = await signIn(last().app);
    const stranger = await signIn(last().app);
    await follow(follower, s.mint);
    const f = await listening(follower);
    const n = await listening(stranger);

    await first().app.ctx.streams.setLive(creator, s.mint, true);
    const event = await f.waitFor(wentLive, 10_000);
    expect(event).toMatchObject({
      channel: notificationsChannelFor(follower.address),
      mint: s.mint,
      name: 'Follow Me Live',
      symbol: s.symbol,
    });

    // Viewer counts change and the creator sets live again while live: no new notification.
    await first().app.ctx.streams.applySystemUpdate(s.mint, { num_participants: 3 });
    await first().app.ctx.streams.setLive(creator, s.mint, true);
    // The next broadcast is announced again.
    await first().app.ctx.streams.setLive(creator, s.mint, false);
    await first().app.ctx.streams.setLive(creator, s.mint, true);
    await f.waitFor((e) => wentLive(e) && f.events.filter(wentLive).length === 2, 10_000);
    await drained(f);
    expect(f.events.filter(wentLive)).toHaveLength(2);
    await drained(n);
    expect(n.events.filter(wentLive)).toHaveLength(0);
    f.ws.close();
    n.ws.close();
  });

  it("refuses a wallet's channel without that wallet's access token", async () => {
    const owner = await signIn(last().app);
    const other = await signIn(last().app);
    const channel = notificationsChannelFor(owner.address);
    const c = await connectRealtime(lastUrl(), { origin: 'http://localhost:3000' });
    c.send({ type: 'subscribe', channel });
    await c.waitFor((e) => e.type === 'error' && e.code === 'unauthorized' && e.channel === channel);
    c.send({ type: 'subscribe', channel, token: other.accessToken });
    await c.waitFor(
      (e) =>
        e.type === 'error' &&
        e.code === 'unauthorized' &&
        c.events.filter((x) => x.type === 'error').length === 2,
    );
    c.send({ type: 'subscribe', channel, token: 'not.a.token' });
    await c.waitFor(() => c.events.filter((x) => x.type === 'error').length === 3);
    await drained(c);
    expect(c.events.some((e) => e.type === 'subscribed')).toBe(false);
    c.ws.close();
  });
});

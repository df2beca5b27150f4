import { statusChannelForMint, type TRealtimeEvent } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime, useInstances } from './support/multi-instance.ts';
import { signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

// The change is made on the first instance, the viewer listens on the last (another one on PostgreSQL).
const inst = useInstances();
const COUNT = inst.count;
const { first, lastUrl } = inst;

const watch = async (mint: string) => {
  const c = await connectRealtime(lastUrl());
  const channel = statusChannelForMint(mint);
  c.send({ type: 'subscribe', channel });
  await c.waitFor((e) => e.type === 'subscribed' && e.channel === channel);
  return c;
};
const statusIs = (live: boolean, viewers?: number) => (e: TRealtimeEvent) =>
  e.type === 'stream_status' && e.live === live && (viewers === undefined || e.viewers === viewers);

describe(`stream_status push (${databaseKind()}, ${COUNT} instance${COUNT > 1 ? 's' : ''})`, () => {
  it('reaches a page whose stream does not exist yet when its creator starts it', async () => {
    const me = await signIn(first().app);
    const mint = randomAddress();
    const page = await watch(mint);
    const upsert = await first().app.inject({
      method: 'POST',
      url: '/api/streams',
      headers: me.headers,
      payload: { mint, name: 'Brand New', symbol: 'NEW' },
    });
    expect(upsert.statusCode, upsert.body).toBe(200);
    await page.waitFor(statusIs(false, 0));
    const live = await first().app.inject({
      method: 'POST',
      url: `/api/streams/${mint}/live`,
      headers: me.headers,
      payload: { live: true },
    });
    expect(live.statusCode, live.body).toBe(200);
    const event = await page.waitFor(statusIs(true));
    expect(event).toEqual({
      type: 'stream_status',
      channel: statusChannelForMint(mint),
      mint,
      live: true,
      viewers: 0,
    });
    page.ws.close();
  });

  it('announces viewer counts and offline, and stays quiet for changes that are not the status', async () => {
    const s = await createStream(first().database.db, { is_currently_live: true });
    const page = await watch(s.mint);
    const streams = first().app.ctx.streams;
    await streams.applySystemUpdate(s.mint, { num_participants: 3 });
    await page.waitFor(statusIs(true, 3));
    // A market-cap refresh or a new thumbnail is not a status change; the offline after them is.
    await streams.applySystemUpdate(s.mint, { usd_market_cap: 123 });
    await streams.applySystemUpdate(s.mint, { thumbnail: '/x.jpg' });
    await streams.applySystemUpdate(s.mint, { is_currently_live: false, num_participants: 0 });
    await page.waitFor(statusIs(false, 0));
    expect(page.events.filter((e) => e.type === 'stream_status')).toHaveLength(2);
    page.ws.close();
  });

  it('only to subscribers of that stream', async () => {
    const a = await createStream(first().database.db);
    const b = await createStream(first().database.db);
    const pageA = await watch(a.mint);
    const pageB = await watch(b.mint);
    await first().app.ctx.streams.applySystemUpdate(b.mint, { is_currently_live: true });
    await pageB.waitFor(statusIs(true));
    // A ping answered after B's event shows A's socket had its chance to receive anything sent before it.
    pageA.send({ type: 'ping', id: 'after' });
    await pageA.waitFor((e) => e.type === 'pong');
    expect(pageA.events.some((e) => e.type === 'stream_status')).toBe(false);
    pageA.ws.close();
    pageB.ws.close();
  });
});

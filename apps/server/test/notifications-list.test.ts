import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(() => t?.close());

const list = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json().items as { kind: string; at: string; mint: string; [k: string]: unknown }[];
};

describe("the bell's list: what went live, tips received, reports handled", () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
  });

  it("lists one wallet's own notifications, newest first, and nobody else's", async () => {
    const db = t.database.db;
    const me = await signIn(t.app);
    const other = await signIn(t.app);
    const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY);

    // Followed: one live now (since 1 day), one last live 3 days ago, one 10 days ago (too old).
    const liveNow = await createStream(db, { name: 'Live Now', creator_address: randomAddress() });
    const recent = await createStream(db, { name: 'Recent', creator_address: randomAddress() });
    const old = await createStream(db, { name: 'Old', creator_address: randomAddress() });
    const unfollowed = await createStream(db, { name: 'Unfollowed', creator_address: randomAddress() });
    await db
      .updateTable('streams')
      .set({ is_currently_live: true, live_since: at(1), last_live_started_at: at(1) })
      .where('mint', 'in', [liveNow.mint, unfollowed.mint])
      .execute();
    await db
      .updateTable('streams')
      .set({ last_live_started_at: at(3) })
      .where('mint', '=', recent.mint)
      .execute();
    await db
      .updateTable('streams')
      .set({ last_live_started_at: at(10) })
      .where('mint', '=', old.mint)
      .execute();
    await db
      .insertInto('subscriptions')
      .values([liveNow, recent, old].map((s) => ({ stream_id: s.mint, user_address: me.address })))
      .execute();

    // My stream got a tip from a fan 2 days ago, and one from me (a self-tip: not news).
    const mine = await createStream(db, { name: 'Mine', creator_address: me.address });
    const fan = randomAddress();
    await db
      .insertInto('tips')
      .values([
        {
          tx_hash: `0x${'a'.repeat(64)}`,
          stream_id: mine.mint,
          from_address: fan,
          to_address: me.address,
          amount_wei: '5000000000000000',
          message_id: null,
          created_at: at(2),
        },
        {
          tx_hash: `0x${'b'.repeat(64)}`,
          stream_id: mine.mint,
          from_address: me.address,
          to_address: me.address,
          amount_wei: '1',
          message_id: null,
          created_at: at(0.5),
        },
      ])
      .execute();

    // My report handled 4 days ago; one still open; someone else's handled.
    await db
      .insertInto('reports')
      .values([
        {
          reporter: me.address,
          kind: 'stream',
          stream_id: old.mint,
          reason: 'scam',
          created_at: at(5),
          resolved_at: at(4),
        },
        { reporter: me.address, kind: 'stream', stream_id: recent.mint, reason: 'other', created_at: at(1) },
        {
          reporter: other.address,
          kind: 'stream',
          stream_id: liveNow.mint,
          reason: 'scam',
          created_at: at(5),
          resolved_at: at(4),
        },
      ])
      .execute();

    const items = await list(me);
    expect(items.map((i) => `${i.kind}:${i.mint === mine.mint ? 'mine' : i.name}`)).toEqual([
      'live:Live Now',
      'tip:mine',
      'live:Recent',
      'report:Old',
    ]);
    expect(items[0]).toMatchObject({ live: true, at: at(1).toISOString() });
    expect(items[1]).toMatchObject({ from_address: fan, amount_wei: '5000000000000000' });
    expect(items[3]).toMatchObject({ reason: 'scam' });
    expect(await list(other)).toEqual([expect.objectContaining({ kind: 'report', mint: liveNow.mint })]);
  });
});

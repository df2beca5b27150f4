import { ZStreamRecap } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreamsRepository } from '../src/streams/streams.repository.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/** Issue 29 item 9: the end-of-stream recap, counted by the server over the broadcast's own window. */
let t: TestApp;
let creator: SignedIn;
let fan: SignedIn;
const mint = randomAddress();

beforeAll(async () => {
  t = await createTestApp();
  creator = await signIn(t.app);
  fan = await signIn(t.app);
});
afterAll(() => t?.close());

const setLive = (live: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/live`,
    headers: creator.headers,
    payload: { live },
  });
const recap = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: `/api/streams/${mint}/recap`, headers: who.headers });
/** The viewer count as the media webhooks and the reconciliation write it. */
const viewers = (n: number) => createStreamsRepository(t.database.db).update(mint, { num_participants: n });

describe(`stream recap (${databaseKind()})`, () => {
  it('counts the broadcast: peak viewers, new followers, tips and chat messages in its window', async () => {
    const db = t.database.db;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/streams',
      headers: creator.headers,
      payload: { mint, name: 'Recap stream', symbol: 'RCP', is_currently_live: false },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await recap(creator)).statusCode).toBe(404); // never live yet

    // Before this broadcast: a follow and a message that must not count.
    const before = new Date(Date.now() - 3_600_000);
    await db
      .insertInto('subscriptions')
      .values({ stream_id: mint, user_address: randomAddress(), created_at: before })
      .execute();
    await db
      .insertInto('messages')
      .values({ stream_id: mint, user_address: fan.address, content: 'old', created_at: before })
      .execute();

    expect((await setLive(true)).statusCode).toBe(200);
    await viewers(2);
    await viewers(5);
    await viewers(3);
    await db.insertInto('subscriptions').values({ stream_id: mint, user_address: fan.address }).execute();
    for (const content of ['gm', 'wagmi'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/streams/${mint}/messages`,
            headers: fan.headers,
            payload: { content },
          })
        ).statusCode,
      ).toBe(201);
    for (const [i, wei] of ['10000000000000000', '50000000000000000'].entries())
      await db
        .insertInto('tips')
        .values({
          tx_hash: `0x${String(i).repeat(64)}`,
          stream_id: mint,
          from_address: fan.address,
          to_address: creator.address,
          amount_wei: wei,
          message_id: null,
        })
        .execute();

    const live = ZStreamRecap.parse((await recap(creator)).json());
    expect(live).toMatchObject({ endedAt: null, peakViewers: 5, newFollowers: 1, tips: 2, chatMessages: 2 });

    expect((await setLive(false)).statusCode).toBe(200);
    const res = await recap(creator);
    expect(res.statusCode, res.body).toBe(200);
    const ended = ZStreamRecap.parse(res.json());
    expect(ended).toMatchObject({
      peakViewers: 5,
      newFollowers: 1,
      tips: 2,
      tipsWei: '60000000000000000',
      chatMessages: 2,
      raid: null,
    });
    expect(ended.endedAt).not.toBeNull();
    expect(Date.parse(ended.endedAt!)).toBeGreaterThanOrEqual(Date.parse(ended.startedAt));
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(0);

    // Only the creator sees it.
    expect((await recap(fan)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/streams/${mint}/recap` })).statusCode).toBe(401);

    // The next broadcast starts a new window and a new peak.
    expect((await setLive(true)).statusCode).toBe(200);
    await viewers(1);
    const next = ZStreamRecap.parse((await recap(creator)).json());
    expect(next).toMatchObject({ endedAt: null, peakViewers: 1, newFollowers: 0, tips: 0, chatMessages: 0 });
  });

  it('says where a raid sent the audience, and how many; the next broadcast starts without it', async () => {
    const db = t.database.db;
    const source = await createStream(db, { creator_address: creator.address, name: 'Raider Recap' });
    const target = await createStream(db, { is_currently_live: true, name: 'Raid Landing', symbol: 'LAND' });
    const as = (path: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/streams/${source.mint}${path}`,
        headers: creator.headers,
        ...(payload ? { payload } : {}),
      });
    const recapOf = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/streams/${source.mint}/recap`,
        headers: creator.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZStreamRecap.parse(res.json());
    };
    // Live, not raided (yet): no raid in the recap.
    expect((await as('/live', { live: true })).statusCode).toBe(200);
    await createStreamsRepository(db).update(source.mint, { num_participants: 12 });
    expect((await recapOf()).raid).toBeNull();

    const raided = await as('/raid', { to: target.mint });
    expect(raided.statusCode, raided.body).toBe(200);
    expect(await recapOf()).toMatchObject({
      raid: { to: target.mint, name: 'Raid Landing', symbol: 'LAND', viewers: 12 },
    });

    expect((await as('/live', { live: true })).statusCode).toBe(200);
    expect((await recapOf()).raid).toBeNull();
  });
});

import { roomNameForMint, ZStream } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * Decision 006: the creator of a stream is fixed by its first upsert. Another wallet's upsert of an offline
 * stream used to make it the creator (host token, chat moderation) and lock the first streamer out.
 */
let t: TestApp;
let a: SignedIn;
let b: SignedIn;
const mint = randomAddress();

beforeAll(async () => {
  t = await createTestApp();
  a = await signIn(t.app);
  b = await signIn(t.app);
});
afterAll(() => t?.close());

const upsert = (who: SignedIn, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/streams',
    headers: who.headers,
    payload: { mint, name, symbol: 'OWN', is_currently_live: false },
  });

describe(`stream takeover (${databaseKind()})`, () => {
  it('another wallet cannot take over an offline stream, nor host or moderate it; the creator still can', async () => {
    expect((await upsert(a, 'A stream')).statusCode).toBe(200);

    const takeover = await upsert(b, 'Stolen');
    expect(takeover.statusCode, takeover.body).toBe(403);
    expect(takeover.json().error).toEqual({
      code: 'stream_owned_by_other',
      message: 'This stream belongs to another wallet',
    });
    const stream = ZStream.parse((await t.app.inject({ method: 'GET', url: `/api/streams/${mint}` })).json());
    expect(stream).toMatchObject({ creator_address: a.address, name: 'A stream' });

    const hostToken = (who: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: '/api/live/token',
        headers: who.headers,
        payload: { roomName: roomNameForMint(mint), participantName: 'host', isHost: true },
      });
    expect((await hostToken(b)).statusCode).toBe(403);
    expect((await hostToken(a)).statusCode).toBe(200);

    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${mint}/messages`,
      headers: b.headers,
      payload: { content: 'hello' },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id as string;
    const remove = (who: SignedIn) =>
      t.app.inject({ method: 'DELETE', url: `/api/streams/${mint}/messages/${id}`, headers: who.headers });
    const mute = (who: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: `/api/streams/${mint}/mutes`,
        headers: who.headers,
        payload: { address: randomAddress(), minutes: 10 },
      });
    expect((await remove(b)).statusCode).toBe(403);
    expect((await mute(b)).statusCode).toBe(403);
    expect((await remove(a)).statusCode).toBe(204);
    expect((await mute(a)).statusCode).toBe(200);

    const again = await upsert(a, 'A stream, renamed');
    expect(again.statusCode).toBe(200);
    expect(ZStream.parse(again.json()).creator_address).toBe(a.address);
  });

  it('the first upsert of a placeholder (ensure-exists, no creator) makes that wallet the creator', async () => {
    const placeholder = randomAddress();
    await t.app.inject({ method: 'POST', url: `/api/streams/${placeholder}/ensure`, headers: b.headers });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/streams',
      headers: b.headers,
      payload: { mint: placeholder, name: 'B stream', symbol: 'BBB' },
    });
    expect(ZStream.parse(first.json()).creator_address).toBe(b.address);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/streams',
      headers: a.headers,
      payload: { mint: placeholder, name: 'A?', symbol: 'AAA' },
    });
    expect(second.statusCode).toBe(403);
  });
});

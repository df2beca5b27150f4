import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  DEFAULT_TOKEN_IMAGE,
  ZCreatorPage,
  ZStream,
  ZStreamLookup,
  ZStreamPage,
  ZStreamSearchResult,
} from '@mintcast/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('streams').execute();
  t.app.ctx.streams.invalidateCache();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`streams API (${databaseKind()})`, () => {
  it('lists live streams first, then newest first', async () => {
    const old = await createStream(t.database.db, { created_at: new Date('2026-01-01') });
    const newer = await createStream(t.database.db, { created_at: new Date('2026-02-01') });
    const liveOld = await createStream(t.database.db, {
      is_currently_live: true,
      created_at: new Date('2025-01-01'),
    });
    const res = await get('/api/streams');
    expect(res.statusCode).toBe(200);
    const page = ZStreamPage.parse(res.json());
    expect(page.items.map((s) => s.mint)).toEqual([liveOld.mint, newer.mint, old.mint]);
  });

  it('applies the read defaults of spec §3', async () => {
    const s = await createStream(t.database.db, {
      description: null,
      image_uri: null,
      metadata_uri: null,
      usd_market_cap: 0,
    });
    const body = ZStream.parse((await get(`/api/streams/${s.mint}`)).json());
    expect(body).toMatchObject({
      description: '',
      metadata_uri: '',
      image_uri: DEFAULT_TOKEN_IMAGE,
      is_currently_live: false,
      num_participants: 0,
      usd_market_cap: 0,
      profile_image: null,
      username: null,
    });
  });

  it('sends a list over 1 KB brotli- or gzip-compressed to a client that accepts it, plain otherwise', async () => {
    for (let i = 0; i < 8; i++) await createStream(t.database.db);
    const plain = await t.app.inject({ method: 'GET', url: '/api/streams?limit=8' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/streams?limit=8',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(ZStreamPage.parse(JSON.parse(brotliDecompressSync(br.rawPayload).toString()))).toEqual(
      plain.json(),
    );
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/streams?limit=8',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("shows the creator's public username and avatar once they set a profile", async () => {
    const creator = randomAddress();
    const s = await createStream(t.database.db, { creator_address: creator });
    await createStream(t.database.db);
    await t.database.db
      .insertInto('profiles')
      .values({ address: creator, username: 'moon_host', profile_image: 'https://example.com/a.png' })
      .execute();
    const page = ZStreamPage.parse((await get('/api/streams')).json());
    const mine = page.items.find((i) => i.mint === s.mint);
    expect(mine).toMatchObject({ username: 'moon_host', profile_image: 'https://example.com/a.png' });
    expect(page.items.filter((i) => i.username === null)).toHaveLength(1);
    expect(ZStream.parse((await get(`/api/streams/${s.mint}`)).json()).username).toBe('moon_host');
  });

  it('paginates with a cursor and never returns more than asked', async () => {
    for (let i = 0; i < 7; i++) await createStream(t.database.db, { is_currently_live: i % 3 === 0 });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/streams?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = ZStreamPage.parse((await get(url)).json());
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((s) => s.mint));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const all = ZStreamPage.parse((await get('/api/streams?limit=100')).json());
    expect(seen).toEqual(all.items.map((s) => s.mint));
  });

  it('filters by live flag and reports stats', async () => {
    await createStream(t.database.db, { is_currently_live: true });
    await createStream(t.database.db, { is_currently_live: false });
    await createStream(t.database.db, { is_currently_live: false });
    const live = ZStreamPage.parse((await get('/api/streams?live=true')).json());
    expect(live.items.every((s) => s.is_currently_live)).toBe(true);
    expect(live.items).toHaveLength(1);
    const offline = ZStreamPage.parse((await get('/api/streams?live=false&limit=8')).json());
    expect(offline.items).toHaveLength(2);
    expect((await get('/api/streams/stats')).json()).toEqual({ live: 1, total: 3 });
  });

  it('sorts for trending by market cap, participants and activity', async () => {
    const a = await createStream(t.database.db, { usd_market_cap: 10, num_participants: 50 });
    const b = await createStream(t.database.db, { usd_market_cap: 30, num_participants: 5 });
    const c = await createStream(t.database.db, {
      usd_market_cap: 20,
      num_participants: 9,
      is_currently_live: true,
    });
    const mints = async (sort: string) =>
      ZStreamPage.parse((await get(`/api/streams?sort=${sort}`)).json()).items.map((s) => s.mint);
    expect(await mints('market_cap')).toEqual([b.mint, c.mint, a.mint]);
    expect(await mints('participants')).toEqual([a.mint, c.mint, b.mint]);
    expect(await mints('activity')).toEqual([c.mint, b.mint, a.mint]);
  });

  it('serves ETags and answers 304 when unchanged', async () => {
    await createStream(t.database.db);
    const first = await get('/api/streams');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/streams',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('searches case-insensitively on name, symbol and description; live first then market cap', async () => {
    const byName = await createStream(t.database.db, { name: 'Moon Rocket', usd_market_cap: 5 });
    const bySymbol = await createStream(t.database.db, { symbol: 'MOONX', usd_market_cap: 50 });
    const byDesc = await createStream(t.database.db, {
      description: 'to the moon',
      usd_market_cap: 1,
      is_currently_live: true,
    });
    await createStream(t.database.db, { name: 'Other', symbol: 'OTH', description: 'nothing' });
    const res = ZStreamSearchResult.parse((await get('/api/streams/search?q=mOOn')).json());
    expect(res.items.map((s) => s.mint)).toEqual([byDesc.mint, bySymbol.mint, byName.mint]);
    expect(res.total).toBe(3);
    expect(res.hasMore).toBe(false);
    const firstTwo = ZStreamSearchResult.parse((await get('/api/streams/search?q=moon&limit=2')).json());
    expect(firstTwo.items.map((s) => s.mint)).toEqual([byDesc.mint, bySymbol.mint]);
    expect(firstTwo).toMatchObject({ total: 2, hasMore: true });
  });

  it('treats LIKE wildcards in a search literally', async () => {
    await createStream(t.database.db, { name: 'Plain', symbol: 'PLN', description: 'plain' });
    await createStream(t.database.db, { name: '100% Pure', symbol: 'PCT', description: 'x' });
    const res = ZStreamSearchResult.parse((await get('/api/streams/search?q=%25')).json());
    expect(res.items.map((s) => s.name)).toEqual(['100% Pure']);
  });

  it('finds a stream by mint in any case and answers 404 for an unknown one', async () => {
    const s = await createStream(t.database.db);
    const upper = `0x${s.mint.slice(2).toUpperCase()}`;
    expect((await get(`/api/streams/${upper}`)).json().mint).toBe(s.mint);
    const missing = await get(`/api/streams/${randomAddress()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Stream Not Found' } });
  });

  it('looks a stream up with 200 and null while none exists for the mint yet', async () => {
    const s = await createStream(t.database.db);
    const found = await get(`/api/streams/${s.mint}/lookup`);
    expect(found.statusCode).toBe(200);
    expect(ZStreamLookup.parse(found.json()).stream?.mint).toBe(s.mint);
    const missing = await get(`/api/streams/${randomAddress()}/lookup`);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ stream: null });
    expect((await get('/api/streams/0x123/lookup')).statusCode).toBe(400);
  });

  it("lists a creator's streams, live first then newest, with their profile (issue 29)", async () => {
    const creator = randomAddress();
    const past = await createStream(t.database.db, {
      creator_address: creator,
      created_at: new Date('2026-02-01'),
    });
    const older = await createStream(t.database.db, {
      creator_address: creator,
      created_at: new Date('2026-01-01'),
    });
    const live = await createStream(t.database.db, {
      creator_address: creator,
      is_currently_live: true,
      created_at: new Date('2025-06-01'),
    });
    await createStream(t.database.db, { creator_address: creator, hidden_at: new Date() });
    await createStream(t.database.db); // someone else's
    await t.database.db
      .insertInto('profiles')
      .values({ address: creator, username: 'stream_maker' })
      .execute();
    const upper = `0x${creator.slice(2).toUpperCase()}`;
    const res = await get(`/api/creators/${upper}`);
    expect(res.statusCode).toBe(200);
    const page = ZCreatorPage.parse(res.json());
    expect(page).toMatchObject({ address: creator, username: 'stream_maker', profile_image: null });
    expect(page.streams.map((s) => s.mint)).toEqual([live.mint, past.mint, older.mint]);
    // A wallet that never streamed has an empty page, not a 404; a malformed address is a 400.
    const nobody = ZCreatorPage.parse((await get(`/api/creators/${randomAddress()}`)).json());
    expect(nobody.streams).toEqual([]);
    expect((await get('/api/creators/0x123')).statusCode).toBe(400);
  });
});

describe('bad input gets a 4xx JSON error, never a 500', () => {
  it.each([
    ['/api/streams/not-a-mint', 'Please enter a valid BSC token address'],
    ['/api/streams/0x123', 'Please enter a valid BSC token address'],
    ['/api/streams?limit=-1', 'limit'],
    ['/api/streams?limit=100000', 'limit'],
    ['/api/streams?limit=abc', 'limit'],
    ['/api/streams?live=maybe', 'live'],
    ['/api/streams?sort=random', 'sort'],
    ['/api/streams?cursor=%%%', 'cursor'],
    ['/api/streams?cursor=eyJ4IjoxfQ', 'cursor'],
    ['/api/streams/search', 'q'],
    ['/api/streams/search?q=%20%20', 'Search text is required'],
  ])('GET %s → 400', async (url, hint) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toMatch(/invalid_request|bad_request/);
    expect(body.error.message).toContain(hint);
    expect(res.body).not.toContain('    at ');
  });

  it('rejects malformed JSON and a 10 MB body without a stack trace', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/streams',
      headers: { 'content-type': 'application/json' },
      payload: '{"mint": ',
    });
    expect([400, 401]).toContain(malformed.statusCode);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/streams',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('health reports the database', async () => {
    expect((await get('/api/health')).json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

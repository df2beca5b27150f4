import { type TStreamSort, ZStreamPage } from '@mintcast/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAddress } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * Keyset pagination (issue 19): for every sort, with and without a live filter, paging with the cursor
 * returns every listable row exactly once, in the sort's order, ties broken by mint (descending).
 */
interface Seeded {
  mint: string;
  live: boolean;
  /** Microseconds after the epoch of created_at: several rows share a millisecond, some a microsecond. */
  createdUs: number;
  participants: number;
  marketCap: number;
}

let t: TestApp;
const rows: Seeded[] = [];
const base = Date.UTC(2026, 0, 1) * 1000;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 41; i++) {
    rows.push({
      mint: randomAddress(),
      live: i % 4 === 0,
      // 0, 250, 500, 750 µs into the same few milliseconds, and exact duplicates.
      createdUs: base + Math.floor(i / 3) * 250,
      participants: i % 5,
      // Few distinct caps, fractional ones included, so most rows tie on the cap.
      marketCap: [0, 1.5, 1.5, 1e9, 33.25][i % 5] as number,
    });
  }
  for (const r of rows) {
    const seconds = Math.floor(r.createdUs / 1e6);
    const micros = String(r.createdUs % 1e6).padStart(6, '0');
    const createdAt = `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${micros}Z`;
    await sql`
      INSERT INTO streams (mint, name, symbol, is_currently_live, num_participants, usd_market_cap, created_at)
      VALUES (${r.mint}, 'Keyset', 'KS', ${r.live}, ${r.participants}, ${r.marketCap}, ${createdAt}::timestamptz)`.execute(
      t.database.db,
    );
  }
  // Hidden and NSFW rows are never listed (NSFW only on request), so they must not leak into any page.
  await sql`
    INSERT INTO streams (mint, name, symbol, usd_market_cap, hidden_at, is_nsfw)
    VALUES (${randomAddress()}, 'Hidden', 'HID', 5, now(), false), (${randomAddress()}, 'Nsfw', 'NS', 5, null, true)`.execute(
    t.database.db,
  );
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

const desc = (a: number | boolean | string, b: number | boolean | string) => (a < b ? 1 : a > b ? -1 : 0);
const keys: Record<TStreamSort, (r: Seeded) => (number | boolean | string)[]> = {
  newest: (r) => [r.live, r.createdUs, r.mint],
  market_cap: (r) => [r.marketCap, r.mint],
  participants: (r) => [r.participants, r.marketCap, r.mint],
  activity: (r) => [r.live, r.marketCap, r.mint],
};
const expected = (sort: TStreamSort, live: boolean | undefined) =>
  rows
    .filter((r) => live === undefined || r.live === live)
    .sort((a, b) => {
      const ka = keys[sort](a);
      const kb = keys[sort](b);
      for (let i = 0; i < ka.length; i++) {
        const d = desc(ka[i] as number, kb[i] as number);
        if (d !== 0) return d;
      }
      return 0;
    })
    .map((r) => r.mint);

const pageThrough = async (query: string) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const url: string = `/api/streams?limit=4&${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const page = ZStreamPage.parse(res.json());
    seen.push(...page.items.map((s) => s.mint));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return seen;
};

describe(`keyset pagination over every list order (${databaseKind()})`, () => {
  const sorts: TStreamSort[] = ['newest', 'market_cap', 'participants', 'activity'];
  for (const sort of sorts) {
    for (const live of [undefined, true, false]) {
      it(`sort=${sort}${live === undefined ? '' : ` live=${live}`}: every row once, in order`, async () => {
        const seen = await pageThrough(`sort=${sort}${live === undefined ? '' : `&live=${live}`}`);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(expected(sort, live));
      });
    }
  }

  it('a cursor handed out before issue 19 (an offset) still continues the list', async () => {
    const offset = Buffer.from(JSON.stringify({ offset: 8 })).toString('base64url');
    const res = await get(`/api/streams?limit=4&sort=market_cap&cursor=${offset}`);
    expect(res.statusCode).toBe(200);
    const page = ZStreamPage.parse(res.json());
    expect(page.items.map((s) => s.mint)).toEqual(expected('market_cap', undefined).slice(8, 12));
    const next = ZStreamPage.parse(
      (await get(`/api/streams?limit=4&sort=market_cap&cursor=${page.nextCursor}`)).json(),
    );
    expect(next.items.map((s) => s.mint)).toEqual(expected('market_cap', undefined).slice(12, 16));
  });

  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const mint = randomAddress();
  it.each([
    ['not base64 JSON', 'market_cap', 'bm90IGpzb24'],
    ['a JSON array', 'market_cap', encode([1, 2])],
    ['another sort’s cursor', 'participants', encode({ sort: 'market_cap', marketCap: 1, mint })],
    ['a market cap that is text', 'market_cap', encode({ sort: 'market_cap', marketCap: '1', mint })],
    [
      'a market cap that is null (NaN)',
      'activity',
      encode({ sort: 'activity', live: true, marketCap: null, mint }),
    ],
    [
      'a fractional participant count',
      'participants',
      encode({ sort: 'participants', participants: 1.5, marketCap: 1, mint }),
    ],
    [
      'participants past int4',
      'participants',
      encode({ sort: 'participants', participants: 2 ** 40, marketCap: 1, mint }),
    ],
    ['a bad mint', 'market_cap', encode({ sort: 'market_cap', marketCap: 1, mint: 'x' })],
    ['a bad date', 'newest', encode({ sort: 'newest', live: true, createdAt: '2026-13-45', mint })],
    ['a live flag that is text', 'activity', encode({ sort: 'activity', live: 'yes', marketCap: 1, mint })],
    ['a negative offset', 'newest', encode({ offset: -4 })],
  ])('%s → 400 Invalid cursor', async (_name, sort, cursor) => {
    const res = await get(`/api/streams?sort=${sort}&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Invalid cursor');
  });
});

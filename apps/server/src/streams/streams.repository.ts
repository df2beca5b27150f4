import type { TStreamSort } from '@mintcast/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CreatorProfile, StreamRow } from './stream-row.ts';

/** Same expression as the trigram index in migration 0001, so the planner can use it. */
const searchText = sql<string>`lower(name || E'\n' || symbol || E'\n' || coalesce(description, ''))`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface NewestCursor {
  live: boolean;
  createdAt: string;
  mint: string;
}

type StreamQuery = SelectQueryBuilder<Database, 'streams', StreamRow>;

/** Every list leaves out streams an admin hid, and NSFW streams unless the visitor asked for them. */
const listable = (q: StreamQuery, includeNsfw: boolean | undefined): StreamQuery => {
  const visible = q.where('hidden_at', 'is', null);
  return includeNsfw ? visible : visible.where('is_nsfw', '=', false);
};

const orderBySort = (q: StreamQuery, sort: TStreamSort): StreamQuery => {
  switch (sort) {
    case 'market_cap':
      return q.orderBy('usd_market_cap', 'desc').orderBy('mint');
    case 'participants':
      return q.orderBy('num_participants', 'desc').orderBy('usd_market_cap', 'desc').orderBy('mint');
    case 'activity':
      return q.orderBy('is_currently_live', 'desc').orderBy('usd_market_cap', 'desc').orderBy('mint');
    default:
      return q.orderBy('is_currently_live', 'desc').orderBy('created_at', 'desc').orderBy('mint', 'desc');
  }
};

/** SQL for streams, and nothing else. */
export const createStreamsRepository = (db: Kysely<Database>) => ({
  async list(opts: {
    limit: number;
    live?: boolean | undefined;
    sort: TStreamSort;
    after?: NewestCursor | undefined;
    offset?: number | undefined;
    includeNsfw?: boolean | undefined;
  }): Promise<StreamRow[]> {
    let q = listable(db.selectFrom('streams').selectAll() as StreamQuery, opts.includeNsfw);
    if (opts.live !== undefined) q = q.where('is_currently_live', '=', opts.live);
    const after = opts.after;
    if (after && opts.sort === 'newest') {
      // Keyset pagination on (is_currently_live DESC, created_at DESC, mint DESC).
      q = q.where((eb) =>
        eb.or([
          eb('is_currently_live', '<', after.live),
          eb.and([
            eb('is_currently_live', '=', after.live),
            eb(eb.refTuple('created_at', 'mint'), '<', eb.tuple(new Date(after.createdAt), after.mint)),
          ]),
        ]),
      );
    }
    q = orderBySort(q, opts.sort).limit(opts.limit);
    if (opts.offset) q = q.offset(opts.offset);
    return q.execute();
  },

  /**
   * Contains-search, live first then market cap. One query: it reads one row past the page to tell whether
   * more exist, instead of counting every match (a count over a common term costs more than the page).
   */
  async search(
    text: string,
    limit: number,
    includeNsfw?: boolean,
  ): Promise<{ rows: StreamRow[]; hasMore: boolean }> {
    const pattern = `%${escapeLike(text.toLowerCase())}%`;
    const rows = await listable(db.selectFrom('streams').selectAll() as StreamQuery, includeNsfw)
      .where(sql<boolean>`${searchText} LIKE ${pattern}`)
      .orderBy('is_currently_live', 'desc')
      .orderBy('usd_market_cap', 'desc')
      .orderBy('mint')
      .limit(limit + 1)
      .execute();
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  },

  async stats(): Promise<{ live: number; total: number }> {
    const row = await db
      .selectFrom('streams')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('mint').filterWhere('is_currently_live', '=', true).as('live'),
      ])
      .executeTakeFirstOrThrow();
    return { live: Number(row.live), total: Number(row.total) };
  },

  /** Public profiles of the given creators, in one query. */
  async profilesOf(addresses: string[]): Promise<Map<string, CreatorProfile>> {
    if (addresses.length === 0) return new Map();
    const rows = await db
      .selectFrom('profiles')
      .select(['address', 'username', 'profile_image'])
      .where('address', 'in', addresses)
      .execute();
    return new Map(rows.map((r) => [r.address, { username: r.username, profile_image: r.profile_image }]));
  },

  findByMint(mint: string): Promise<StreamRow | undefined> {
    return db.selectFrom('streams').selectAll().where('mint', '=', mint).executeTakeFirst();
  },

  /** Insert a placeholder row if the mint is new (spec §7 ensure-exists); returns the row either way. */
  async ensure(mint: string): Promise<StreamRow> {
    await db
      .insertInto('streams')
      .values({
        mint,
        name: `Stream ${mint.slice(0, 8)}`,
        symbol: mint.slice(0, 8),
        description: 'Live stream',
        is_currently_live: false,
        num_participants: 0,
        usd_market_cap: 0,
      })
      .onConflict((oc) => oc.column('mint').doNothing())
      .execute();
    const row = await this.findByMint(mint);
    if (!row) throw new Error(`stream ${mint} vanished after ensure`);
    return row;
  },

  insert(
    values: Omit<StreamRow, 'created_at' | 'updated_at' | 'last_viewed_at' | 'hidden_at'>,
  ): Promise<StreamRow> {
    return db.insertInto('streams').values(values).returningAll().executeTakeFirstOrThrow();
  },

  update(
    mint: string,
    values: Partial<Omit<StreamRow, 'mint' | 'created_at' | 'updated_at'>>,
  ): Promise<StreamRow | undefined> {
    return db
      .updateTable('streams')
      .set({ ...values, updated_at: new Date() })
      .where('mint', '=', mint)
      .returningAll()
      .executeTakeFirst();
  },
});

export type StreamsRepository = ReturnType<typeof createStreamsRepository>;

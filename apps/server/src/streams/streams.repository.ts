import type { TStreamSort } from '@mintcast/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CreatorProfile, StreamRow } from './stream-row.ts';

/** Same expression as the trigram index in migration 0001, so the planner can use it. */
const searchText = sql<string>`lower(name || E'\n' || symbol || E'\n' || coalesce(description, ''))`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Where the previous page ended, in the sort's own columns (mint breaks every tie). `createdAt` is the exact
 * timestamptz as ISO text with microseconds: a JavaScript Date would round it to the millisecond, and the
 * cursor would then skip rows created later within that millisecond.
 */
export type ListCursor =
  | { sort: 'newest'; live: boolean; createdAt: string; mint: string }
  | { sort: 'market_cap'; marketCap: number; mint: string }
  | { sort: 'participants'; participants: number; marketCap: number; mint: string }
  | { sort: 'activity'; live: boolean; marketCap: number; mint: string };

/** A listed row, with its exact creation time for the next cursor. */
export type ListRow = StreamRow & { cursor_created_at: string };

type StreamQuery = SelectQueryBuilder<Database, 'streams', StreamRow>;

/**
 * Whether this very statement turned the live flag on: `live_since` is set to the statement's `now()` only
 * then (a stream that stays live keeps its start), so the go-live notification fires once per broadcast.
 */
const wentLive = sql<boolean>`(live_since IS NOT NULL AND live_since = now())`.as('went_live');

/** Columns the repository keeps itself from the live flag and the viewer count. */
type BroadcastColumns = 'live_since' | 'peak_participants' | 'last_live_started_at' | 'last_live_ended_at';
/** Kept by the tips feature (`PUT /api/streams/{mint}/tips/goal`), never by a stream upsert. */
type TipGoalColumns =
  | 'tip_goal_wei'
  | 'tip_goal_set_at'
  // and by the trade alerts' settings (`PUT /api/streams/{mint}/trade-alerts`)
  | 'trade_alerts_enabled'
  | 'trade_alert_min_wei'
  | 'trade_alert_whale_wei';

/** A row as written, and whether the write took the stream live. */
export type ChangedStreamRow = StreamRow & { went_live: boolean };

/** Every list leaves out streams an admin hid, and NSFW streams unless the visitor asked for them. */
const listable = <Q extends StreamQuery>(q: Q, includeNsfw: boolean | undefined): Q => {
  const visible = q.where('hidden_at', 'is', null) as Q;
  return includeNsfw ? visible : (visible.where('is_nsfw', '=', false) as Q);
};

/**
 * The columns of each order, all descending: migration 0900 has an index for each (and for each under a
 * live filter), so `ORDER BY` reads an index and the keyset cursor is one row comparison, an index range.
 */
const orderColumns = {
  newest: ['is_currently_live', 'created_at', 'mint'],
  market_cap: ['usd_market_cap', 'mint'],
  participants: ['num_participants', 'usd_market_cap', 'mint'],
  activity: ['is_currently_live', 'usd_market_cap', 'mint'],
} as const satisfies Record<TStreamSort, readonly string[]>;

const cursorValues = (c: ListCursor) => {
  switch (c.sort) {
    case 'newest':
      return [sql`${c.live}::boolean`, sql`${c.createdAt}::timestamptz`, sql`${c.mint}::text`];
    case 'market_cap':
      return [sql`${c.marketCap}::double precision`, sql`${c.mint}::text`];
    case 'participants':
      return [sql`${c.participants}::integer`, sql`${c.marketCap}::double precision`, sql`${c.mint}::text`];
    case 'activity':
      return [sql`${c.live}::boolean`, sql`${c.marketCap}::double precision`, sql`${c.mint}::text`];
  }
};

/** SQL for streams, and nothing else. */
export const createStreamsRepository = (db: Kysely<Database>) => ({
  /** One page in the sort's order, after `after` (keyset) or, for old clients, after `offset` rows. */
  async list(opts: {
    limit: number;
    live?: boolean | undefined;
    sort: TStreamSort;
    after?: ListCursor | undefined;
    offset?: number | undefined;
    includeNsfw?: boolean | undefined;
  }): Promise<ListRow[]> {
    const columns = orderColumns[opts.sort];
    const exactCreatedAt = sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    let q = listable(db.selectFrom('streams').selectAll() as StreamQuery, opts.includeNsfw);
    if (opts.live !== undefined) q = q.where('is_currently_live', '=', opts.live);
    if (opts.after) {
      const values = cursorValues(opts.after);
      q = q.where(sql<boolean>`(${sql.join(columns.map((c) => sql.ref(c)))}) < (${sql.join(values)})`);
    }
    for (const c of columns) q = q.orderBy(c, 'desc');
    q = q.limit(opts.limit);
    if (opts.offset) q = q.offset(opts.offset);
    return q.select(exactCreatedAt.as('cursor_created_at')).execute() as Promise<ListRow[]>;
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
      .orderBy('mint', 'desc')
      .limit(limit + 1)
      .execute();
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  },

  /** A creator's streams, live first then newest (streams_creator_idx), hidden and NSFW ones left out. */
  byCreator(address: string, limit: number): Promise<StreamRow[]> {
    return listable(db.selectFrom('streams').selectAll() as StreamQuery, false)
      .where('creator_address', '=', address)
      .orderBy('is_currently_live', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('mint', 'desc')
      .limit(limit)
      .execute();
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
    values: Omit<
      StreamRow,
      | 'created_at'
      | 'updated_at'
      | 'last_viewed_at'
      | 'hidden_at'
      | 'nsfw_by_admin'
      | 'live_blocked_at'
      | BroadcastColumns
      | TipGoalColumns
    >,
  ): Promise<ChangedStreamRow> {
    const live = values.is_currently_live ? sql<Date>`now()` : null;
    return db
      .insertInto('streams')
      .values({ ...values, live_since: live, last_live_started_at: live })
      .returningAll()
      .returning(wentLive)
      .executeTakeFirstOrThrow();
  },

  /** What happened in the stream between `from` and `to`: follows, tips (count and total) and chat messages. */
  async recapCounts(mint: string, from: Date, to: Date) {
    const [followers, tips, messages, raid] = await Promise.all([
      db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('stream_id', '=', mint)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('tips')
        .select((eb) => [
          eb.fn.countAll<string>().as('n'),
          sql<string>`coalesce(sum(amount_wei::numeric), 0)::text`.as('wei'),
        ])
        .where('stream_id', '=', mint)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('stream_id', '=', mint)
        .where('tip_wei', 'is', null)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .executeTakeFirstOrThrow(),
      // The raid that ended it: its line in the target's chat (messages_raid_from_idx), the target's card.
      db
        .selectFrom('messages as m')
        .innerJoin('streams as t', 't.mint', 'm.stream_id')
        .select(['m.stream_id as to', 't.name', 't.symbol', sql<string>`m.raid->>'viewers'`.as('viewers')])
        .where(sql<boolean>`m.raid IS NOT NULL AND m.raid->>'from' = ${mint}`)
        .where('m.created_at', '>=', from)
        .where('m.created_at', '<=', to)
        .orderBy('m.created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return {
      newFollowers: Number(followers.n),
      tips: Number(tips.n),
      tipsWei: tips.wei,
      chatMessages: Number(messages.n),
      raid: raid
        ? { to: raid.to, name: raid.name, symbol: raid.symbol, viewers: Number(raid.viewers) }
        : null,
    };
  },

  /**
   * Setting the live flag keeps `live_since`: the start of a broadcast is kept while it stays live.
   *
   * Admin holds are kept here, under every caller (creator, webhook, presence, reconcile): the flag cannot turn
   * live while `live_blocked_at` is set, and `is_nsfw` cannot be cleared while `nsfw_by_admin` is, unless the
   * same write lifts the hold (only the admin service does).
   */
  update(
    mint: string,
    values: Partial<
      Omit<StreamRow, 'mint' | 'created_at' | 'updated_at' | BroadcastColumns | TipGoalColumns>
    >,
  ): Promise<ChangedStreamRow | undefined> {
    const liftsBlock = 'live_blocked_at' in values && values.live_blocked_at === null;
    const live =
      values.is_currently_live === undefined
        ? {}
        : values.is_currently_live && !liftsBlock
          ? {
              // Nothing turns a stream live while an admin's block stands; its broadcast columns stay as they are.
              is_currently_live: sql<boolean>`live_blocked_at IS NULL`,
              live_since: sql<Date>`CASE WHEN live_blocked_at IS NOT NULL THEN NULL
                WHEN is_currently_live THEN coalesce(live_since, now()) ELSE now() END`,
              last_live_started_at: sql<Date>`CASE WHEN live_blocked_at IS NOT NULL OR is_currently_live
                THEN last_live_started_at ELSE now() END`,
              last_live_ended_at: sql<Date | null>`CASE WHEN live_blocked_at IS NOT NULL OR is_currently_live
                THEN last_live_ended_at ELSE NULL END`,
            }
          : values.is_currently_live
            ? {
                live_since: sql<Date>`CASE WHEN is_currently_live THEN coalesce(live_since, now()) ELSE now() END`,
                // A new broadcast (offline → live) opens a new recap window and peak.
                last_live_started_at: sql<Date>`CASE WHEN is_currently_live THEN last_live_started_at ELSE now() END`,
                last_live_ended_at: sql<Date | null>`CASE WHEN is_currently_live THEN last_live_ended_at ELSE NULL END`,
              }
            : {
                live_since: null,
                last_live_ended_at: sql<Date>`CASE WHEN is_currently_live THEN now() ELSE last_live_ended_at END`,
              };
    const nsfw =
      values.is_nsfw === false && values.nsfw_by_admin === undefined
        ? { is_nsfw: sql<boolean>`nsfw_by_admin` }
        : {};
    const viewers = values.num_participants;
    const peak =
      viewers === undefined && !values.is_currently_live
        ? {}
        : {
            peak_participants: values.is_currently_live
              ? sql<number>`CASE WHEN live_blocked_at IS NOT NULL AND NOT is_currently_live THEN peak_participants
                  WHEN is_currently_live THEN GREATEST(peak_participants, ${viewers ?? 0}) ELSE ${viewers ?? 0} END`
              : sql<number>`GREATEST(peak_participants, ${viewers ?? 0})`,
          };
    return db
      .updateTable('streams')
      .set({ ...values, ...live, ...nsfw, ...peak, updated_at: new Date() })
      .where('mint', '=', mint)
      .returningAll()
      .returning(wentLive)
      .executeTakeFirst();
  },
});

export type StreamsRepository = ReturnType<typeof createStreamsRepository>;

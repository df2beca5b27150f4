import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { StreamRow } from '../streams/stream-row.ts';

export type EngagementTable = 'likes' | 'subscriptions';

/** SQL for profiles, likes, subscriptions and favorites. No rules here. */
export const createProfilesRepository = (db: Kysely<Database>) => ({
  findProfile(address: string) {
    return db
      .selectFrom('profiles')
      .select(['address', 'username', 'profile_image'])
      .where('address', '=', address)
      .executeTakeFirst();
  },

  /** Insert or update the fields given; a username taken by another address raises unique_violation. */
  async upsertProfile(address: string, values: { username?: string | null; profile_image?: string | null }) {
    return db
      .insertInto('profiles')
      .values({ address, username: values.username ?? null, profile_image: values.profile_image ?? null })
      .onConflict((oc) => oc.column('address').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .returning(['address', 'username', 'profile_image'])
      .executeTakeFirstOrThrow();
  },

  async streamExists(mint: string): Promise<boolean> {
    const row = await db.selectFrom('streams').select('mint').where('mint', '=', mint).executeTakeFirst();
    return Boolean(row);
  },

  /** True when the row is new (not a repeated like or follow). */
  async add(table: EngagementTable, mint: string, address: string): Promise<boolean> {
    const row = await db
      .insertInto(table)
      .values({ stream_id: mint, user_address: address })
      .onConflict((oc) => oc.doNothing())
      .returning('stream_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async remove(table: EngagementTable, mint: string, address: string): Promise<void> {
    await db.deleteFrom(table).where('stream_id', '=', mint).where('user_address', '=', address).execute();
  },

  /** Exact counts (primary-key index scans on stream_id). */
  async counts(mint: string): Promise<{ likes: number; subscribers: number }> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('likes')
          .select(eb.fn.countAll<string>().as('n'))
          .where('stream_id', '=', mint)
          .as('likes'),
        eb
          .selectFrom('subscriptions')
          .select(eb.fn.countAll<string>().as('n'))
          .where('stream_id', '=', mint)
          .as('subscribers'),
      ])
      .executeTakeFirstOrThrow();
    return { likes: Number(row.likes ?? 0), subscribers: Number(row.subscribers ?? 0) };
  },

  async viewerState(mint: string, address: string): Promise<{ liked: boolean; subscribed: boolean }> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('likes')
              .select('stream_id')
              .where('stream_id', '=', mint)
              .where('user_address', '=', address),
          )
          .as('liked'),
        eb
          .exists(
            eb
              .selectFrom('subscriptions')
              .select('stream_id')
              .where('stream_id', '=', mint)
              .where('user_address', '=', address),
          )
          .as('subscribed'),
      ])
      .executeTakeFirstOrThrow();
    return { liked: Boolean(row.liked), subscribed: Boolean(row.subscribed) };
  },

  /** Streams the address liked or follows, live first, then most recently engaged. */
  async favorites(address: string, limit: number) {
    const engaged = db
      .selectFrom('likes')
      .select(['stream_id', 'created_at'])
      .where('user_address', '=', address)
      .unionAll(
        db
          .selectFrom('subscriptions')
          .select(['stream_id', 'created_at'])
          .where('user_address', '=', address),
      )
      .as('e');
    return db
      .selectFrom(engaged)
      .innerJoin('streams as s', 's.mint', 'e.stream_id')
      .leftJoin('profiles as p', 'p.address', 's.creator_address')
      .selectAll('s')
      .select(['p.username as creator_username', 'p.profile_image as creator_profile_image'])
      .select((eb) => eb.fn.max('e.created_at').as('engaged_at'))
      .groupBy(['s.mint', 'p.username', 'p.profile_image'])
      .orderBy('s.is_currently_live', 'desc')
      .orderBy('engaged_at', 'desc')
      .orderBy('s.mint')
      .limit(limit)
      .execute() as Promise<
      (StreamRow & { creator_username: string | null; creator_profile_image: string | null })[]
    >;
  },
});

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** SQL of the browsers that allowed push notifications, and nothing else. */
export const createPushRepository = (db: Kysely<Database>) => ({
  /** One row per endpoint: a browser re-subscribing (or a new wallet signed in on it) takes it over. */
  async save(address: string, target: PushTarget): Promise<void> {
    await db
      .insertInto('push_subscriptions')
      .values({ ...target, user_address: address })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_address: address,
          p256dh: target.p256dh,
          auth: target.auth,
          created_at: new Date(),
        }),
      )
      .execute();
  },

  /** Remove `endpoint` if it is this wallet's; true when a row went. */
  async removeOwn(address: string, endpoint: string): Promise<boolean> {
    const r = await db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_address', '=', address)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  },

  /** Drop all but the wallet's `keep` most recent browsers. */
  async keepNewest(address: string, keep: number): Promise<void> {
    const old = db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_address', '=', address)
      .orderBy('created_at', 'desc')
      .offset(keep);
    await db.deleteFrom('push_subscriptions').where('endpoint', 'in', old).execute();
  },

  /** The streams the wallet follows, with whether their go-live is pushed to it (newest follow first). */
  followedStreams(address: string) {
    return db
      .selectFrom('subscriptions as s')
      .innerJoin('streams as st', 'st.mint', 's.stream_id')
      .leftJoin('push_stream_mutes as m', (j) =>
        j.onRef('m.stream_id', '=', 's.stream_id').onRef('m.user_address', '=', 's.user_address'),
      )
      .select(['st.mint', 'st.name', 'st.symbol', 'm.stream_id as muted'])
      .where('s.user_address', '=', address)
      .orderBy('s.created_at', 'desc')
      .limit(200)
      .execute();
  },

  async follows(address: string, mint: string): Promise<boolean> {
    const row = await db
      .selectFrom('subscriptions')
      .select('stream_id')
      .where('user_address', '=', address)
      .where('stream_id', '=', mint)
      .executeTakeFirst();
    return Boolean(row);
  },

  async setMuted(address: string, mint: string, muted: boolean): Promise<void> {
    if (muted)
      await db
        .insertInto('push_stream_mutes')
        .values({ user_address: address, stream_id: mint })
        .onConflict((oc) => oc.doNothing())
        .execute();
    else
      await db
        .deleteFrom('push_stream_mutes')
        .where('user_address', '=', address)
        .where('stream_id', '=', mint)
        .execute();
  },

  /** A push service said this endpoint is gone (404/410). */
  async remove(endpoint: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  },

  /** Every push endpoint of the stream's followers, but the creator's own. */
  followersTargets(mint: string, creator: string | null): Promise<PushTarget[]> {
    let q = db
      .selectFrom('push_subscriptions as p')
      .innerJoin('subscriptions as s', 's.user_address', 'p.user_address')
      .select(['p.endpoint', 'p.p256dh', 'p.auth'])
      .where('s.stream_id', '=', mint)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('push_stream_mutes as m')
              .select('m.stream_id')
              .where('m.stream_id', '=', mint)
              .whereRef('m.user_address', '=', 'p.user_address'),
          ),
        ),
      );
    if (creator) q = q.where('p.user_address', '<>', creator);
    return q.execute();
  },
});

export type PushRepository = ReturnType<typeof createPushRepository>;

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
      .where('s.stream_id', '=', mint);
    if (creator) q = q.where('p.user_address', '<>', creator);
    return q.execute();
  },
});

export type PushRepository = ReturnType<typeof createPushRepository>;

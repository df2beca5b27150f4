import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL for notifications: who follows a stream. */
export const createNotificationsRepository = (db: Kysely<Database>) => ({
  /** The ones among `addresses` who follow the stream (its `subscriptions` rows). */
  async followersAmong(mint: string, addresses: string[]): Promise<string[]> {
    if (addresses.length === 0) return [];
    const rows = await db
      .selectFrom('subscriptions')
      .select('user_address')
      .where('stream_id', '=', mint)
      .where('user_address', 'in', addresses)
      .execute();
    return rows.map((r) => r.user_address);
  },
});

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

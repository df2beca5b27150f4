import { NOTIFICATION_LIST_LIMIT, type TNotification } from '@mintcast/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** SQL for notifications: who follows a stream, and the bell's list of one wallet. */
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

  /** Followed streams whose current or last broadcast started since `since` (hidden ones left out). */
  async goLives(address: string, since: Date): Promise<TNotification[]> {
    const rows = await db
      .selectFrom('subscriptions as f')
      .innerJoin('streams as s', 's.mint', 'f.stream_id')
      .select([
        's.mint',
        's.name',
        's.symbol',
        's.is_currently_live',
        's.live_since',
        's.last_live_started_at',
      ])
      .where('f.user_address', '=', address)
      .where('s.hidden_at', 'is', null)
      .where((eb) => eb(eb.fn.coalesce('s.live_since', 's.last_live_started_at'), '>=', since))
      .orderBy(({ fn }) => fn.coalesce('s.live_since', 's.last_live_started_at'), 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
    return rows.map((r) => ({
      kind: 'live',
      at: iso((r.live_since ?? r.last_live_started_at) as Date),
      mint: r.mint,
      name: r.name,
      symbol: r.symbol,
      live: r.is_currently_live,
    }));
  },

  /** Tips on the wallet's own streams from other wallets, newest first. */
  async tipsReceived(address: string): Promise<TNotification[]> {
    const rows = await db
      .selectFrom('tips as t')
      .innerJoin('streams as s', 's.mint', 't.stream_id')
      .leftJoin('profiles as p', 'p.address', 't.from_address')
      .select([
        's.mint',
        's.name',
        's.symbol',
        't.from_address',
        'p.username',
        't.amount_wei',
        't.created_at',
      ])
      .where('s.creator_address', '=', address)
      .where('t.from_address', '!=', address)
      .orderBy('t.created_at', 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
    return rows.map((r) => ({
      kind: 'tip',
      at: iso(r.created_at as Date),
      mint: r.mint,
      name: r.name,
      symbol: r.symbol,
      from_address: r.from_address,
      username: r.username ?? null,
      amount_wei: String(r.amount_wei),
    }));
  },

  /**
   * Broadcasts the wallet asked to be reminded of whose reminder fell due (their time is before `dueBefore`)
   * and that are still shown (time after `visibleAfter`); `at` is when the reminder fell due, `leadMs` before.
   */
  async reminders(
    address: string,
    dueBefore: Date,
    visibleAfter: Date,
    leadMs: number,
  ): Promise<TNotification[]> {
    const rows = await db
      .selectFrom('schedule_reminders as r')
      .innerJoin('stream_schedules as sc', 'sc.stream_id', 'r.stream_id')
      .innerJoin('streams as s', 's.mint', 'r.stream_id')
      .select(['s.mint', 's.name', 's.symbol', 's.is_currently_live', 'sc.title', 'sc.starts_at'])
      .where('r.user_address', '=', address)
      .where('s.hidden_at', 'is', null)
      .where('sc.starts_at', '<=', dueBefore)
      .where('sc.starts_at', '>', visibleAfter)
      .orderBy('sc.starts_at', 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
    return rows.map((r) => {
      const startsAt = r.starts_at instanceof Date ? r.starts_at : new Date(r.starts_at);
      return {
        kind: 'scheduled',
        at: new Date(startsAt.getTime() - leadMs).toISOString(),
        mint: r.mint,
        name: r.name,
        symbol: r.symbol,
        title: r.title,
        starts_at: startsAt.toISOString(),
        live: r.is_currently_live,
      };
    });
  },

  /** Reports the wallet filed that staff has handled, newest first. */
  async reportsHandled(address: string): Promise<TNotification[]> {
    const rows = await db
      .selectFrom('reports as r')
      .innerJoin('streams as s', 's.mint', 'r.stream_id')
      .select(['s.mint', 's.name', 's.symbol', 'r.reason', 'r.resolved_at'])
      .where('r.reporter', '=', address)
      .where('r.resolved_at', 'is not', null)
      .orderBy('r.resolved_at', 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
    return rows.map((r) => ({
      kind: 'report',
      at: iso(r.resolved_at as Date),
      mint: r.mint,
      name: r.name,
      symbol: r.symbol,
      reason: r.reason,
    }));
  },
});

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

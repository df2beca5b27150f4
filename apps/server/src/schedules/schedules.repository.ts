import { DEFAULT_TOKEN_IMAGE, type TSchedule } from '@mintcast/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PushTarget } from '../push/push.repository.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A schedule as the service needs it: the public view plus when it was made (the `.ics` UID). */
export interface ScheduleRow extends TSchedule {
  created_at: string;
}

/** SQL of scheduled broadcasts and their reminders, and nothing else. */
export const createSchedulesRepository = (db: Kysely<Database>) => {
  /** Schedules still shown (their time is after `visibleAfter`) of streams not hidden by an admin. */
  const visible = (visibleAfter: Date) =>
    db
      .selectFrom('stream_schedules as sc')
      .innerJoin('streams as s', 's.mint', 'sc.stream_id')
      .select([
        'sc.stream_id',
        'sc.title',
        'sc.starts_at',
        'sc.created_at',
        's.name',
        's.symbol',
        's.image_uri',
        's.creator_address',
        's.is_currently_live',
      ])
      .where('sc.starts_at', '>', visibleAfter)
      .where('s.hidden_at', 'is', null);
  type Row = Awaited<ReturnType<ReturnType<typeof visible>['executeTakeFirstOrThrow']>>;
  const toSchedule = (r: Row): ScheduleRow => ({
    mint: r.stream_id,
    title: r.title,
    starts_at: iso(r.starts_at),
    created_at: iso(r.created_at),
    name: r.name,
    symbol: r.symbol,
    image_uri: r.image_uri || DEFAULT_TOKEN_IMAGE,
    creator_address: r.creator_address,
    live: r.is_currently_live,
  });

  return {
    async find(mint: string, visibleAfter: Date): Promise<ScheduleRow | null> {
      const row = await visible(visibleAfter).where('sc.stream_id', '=', mint).executeTakeFirst();
      return row ? toSchedule(row) : null;
    },

    /** Soonest first; only one creator's streams when `creator` is given. */
    async list(visibleAfter: Date, limit: number, creator?: string): Promise<ScheduleRow[]> {
      let q = visible(visibleAfter);
      if (creator) q = q.where('s.creator_address', '=', creator);
      const rows = await q.orderBy('sc.starts_at').orderBy('sc.stream_id').limit(limit).execute();
      return rows.map(toSchedule);
    },

    /**
     * The stream's next broadcast; scheduling again replaces it (wallets that asked to be reminded stay, and
     * are reminded again of the new time). A fresh schedule gets a new `created_at` (a new calendar UID).
     */
    async upsert(mint: string, title: string, startsAt: Date, now: Date): Promise<void> {
      await db
        .insertInto('stream_schedules')
        .values({ stream_id: mint, title, starts_at: startsAt, created_at: now, reminded_at: null })
        .onConflict((oc) =>
          oc.column('stream_id').doUpdateSet({
            title,
            starts_at: startsAt,
            reminded_at: null,
            // A schedule already past its grace period is another broadcast, not a change of this one.
            created_at: sql<Date>`CASE WHEN stream_schedules.starts_at < ${now} THEN ${now}::timestamptz
              ELSE stream_schedules.created_at END`,
          }),
        )
        .execute();
    },

    /** Cancel (the reminders go with it). */
    async remove(mint: string): Promise<void> {
      await db.deleteFrom('stream_schedules').where('stream_id', '=', mint).execute();
    },

    async setReminder(mint: string, address: string, on: boolean): Promise<void> {
      if (on)
        await db
          .insertInto('schedule_reminders')
          .values({ stream_id: mint, user_address: address })
          .onConflict((oc) => oc.doNothing())
          .execute();
      else
        await db
          .deleteFrom('schedule_reminders')
          .where('stream_id', '=', mint)
          .where('user_address', '=', address)
          .execute();
    },

    async hasReminder(mint: string, address: string): Promise<boolean> {
      const row = await db
        .selectFrom('schedule_reminders')
        .select('stream_id')
        .where('stream_id', '=', mint)
        .where('user_address', '=', address)
        .executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Take up to `limit` schedules whose reminder is due (time before `dueBefore`, after `visibleAfter`) and not
     * sent yet, marking them sent in the same statement: a reminder is claimed by one sender only.
     */
    async claimDue(dueBefore: Date, visibleAfter: Date, at: Date, limit: number): Promise<string[]> {
      const rows = await sql<{ stream_id: string }>`
        UPDATE stream_schedules SET reminded_at = ${at}
        WHERE stream_id IN (
          SELECT stream_id FROM stream_schedules
          WHERE reminded_at IS NULL AND starts_at <= ${dueBefore} AND starts_at > ${visibleAfter}
          ORDER BY starts_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        RETURNING stream_id`.execute(db);
      return rows.rows.map((r) => r.stream_id);
    },

    /** Every browser of the wallets that asked to be reminded of the stream's broadcast. */
    reminderTargets(mint: string): Promise<PushTarget[]> {
      return db
        .selectFrom('push_subscriptions as p')
        .innerJoin('schedule_reminders as r', 'r.user_address', 'p.user_address')
        .select(['p.endpoint', 'p.p256dh', 'p.auth'])
        .where('r.stream_id', '=', mint)
        .execute();
    },

    /** Forget schedules whose time is before `before` (past their grace period). */
    async prune(before: Date): Promise<void> {
      await db.deleteFrom('stream_schedules').where('starts_at', '<', before).execute();
    },
  };
};

export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;

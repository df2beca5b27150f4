import { type Kysely, sql } from 'kysely';
import type { ChatRepository } from '../chat/chat.repository.ts';
import type { MessageRow } from '../chat/chat-row.ts';
import type { Database } from '../db/schema.ts';

export interface NewTip {
  txHash: string;
  streamId: string;
  from: string;
  to: string;
  amountWei: bigint;
  /** The tip's chat line, or null when the chat rules refused it (the tip is still recorded and counted). */
  message: string | null;
  username: string | null;
  profileImage: string | null;
  /** The chat rules' clock at their decision (slow mode counts on it). */
  at: Date;
}

/** SQL for tips, and nothing else (the tip's chat message goes through the chat repository's insert). */
export const createTipsRepository = (db: Kysely<Database>, chat: ChatRepository) => ({
  async exists(txHash: string): Promise<boolean> {
    const row = await db
      .selectFrom('tips')
      .select('tx_hash')
      .where('tx_hash', '=', txHash)
      .executeTakeFirst();
    return !!row;
  },

  /**
   * The public total. A creator's transfer to their own wallet is left out: it costs them nothing but gas and
   * would let them inflate the figure viewers see (issue 28). Its chat message still shows as a tip.
   */
  async total(streamId: string): Promise<{ count: number; totalWei: string }> {
    const row = await db
      .selectFrom('tips')
      .select([
        sql<string>`count(*)::text`.as('count'),
        sql<string>`coalesce(sum(amount_wei), 0)::text`.as('total'),
      ])
      .where('stream_id', '=', streamId)
      .whereRef('from_address', '<>', 'to_address')
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), totalWei: row.total };
  },

  /** The stream's tip goal and what tips (self-tips left out) raised since it was set; undefined: no stream. */
  async goal(streamId: string) {
    const row = await db
      .selectFrom('streams as s')
      .select([
        sql<string | null>`s.tip_goal_wei::text`.as('goal_wei'),
        's.tip_goal_set_at',
        (eb) =>
          eb
            .selectFrom('tips as t')
            .select(sql<string>`coalesce(sum(t.amount_wei), 0)::text`.as('raised'))
            .whereRef('t.stream_id', '=', 's.mint')
            .whereRef('t.from_address', '<>', 't.to_address')
            .whereRef('t.created_at', '>=', 's.tip_goal_set_at')
            .as('raised_wei'),
      ])
      .where('s.mint', '=', streamId)
      .executeTakeFirst();
    return row;
  },

  /** Set (or, with null, clear) the stream's tip goal: the tips from `at` on count toward it. */
  async setGoal(streamId: string, goalWei: string | null, at: Date): Promise<void> {
    await db
      .updateTable('streams')
      .set({ tip_goal_wei: goalWei, tip_goal_set_at: goalWei ? at : null })
      .where('mint', '=', streamId)
      .execute();
  },

  /** When the stream's current or last broadcast started (null: never live). */
  async broadcastStart(streamId: string): Promise<Date | null> {
    const row = await db
      .selectFrom('streams')
      .select('last_live_started_at')
      .where('mint', '=', streamId)
      .executeTakeFirst();
    return row?.last_live_started_at ?? null;
  },

  /** The stream's top tippers (since `since` when given), self-tips left out, biggest total first. */
  leaders(streamId: string, since: Date | null, limit: number) {
    let q = db
      .selectFrom('tips as t')
      .leftJoin('profiles as p', 'p.address', 't.from_address')
      .select([
        't.from_address as address',
        'p.username',
        sql<string>`sum(t.amount_wei)::text`.as('total_wei'),
        sql<string>`count(*)::text`.as('count'),
      ])
      .where('t.stream_id', '=', streamId)
      .whereRef('t.from_address', '<>', 't.to_address');
    if (since) q = q.where('t.created_at', '>=', since);
    return q
      .groupBy(['t.from_address', 'p.username'])
      .orderBy(sql`sum(t.amount_wei)`, 'desc')
      .orderBy('t.from_address')
      .limit(limit)
      .execute();
  },

  /** The stream's latest tips, newest first, with the tipper's profile name and the tip's chat text. */
  received(streamId: string, limit: number) {
    return db
      .selectFrom('tips as t')
      .leftJoin('messages as m', 'm.id', 't.message_id')
      .leftJoin('profiles as p', 'p.address', 't.from_address')
      .select([
        't.tx_hash',
        't.from_address',
        'p.username',
        sql<string>`t.amount_wei::text`.as('amount_wei'),
        'm.content as message',
        't.created_at',
      ])
      .where('t.stream_id', '=', streamId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.tx_hash')
      .limit(limit)
      .execute();
  },

  /**
   * Record the tip and insert its chat message (NOTIFY included) in one transaction. Returns null when the
   * hash was already recorded — the primary key decides, so two concurrent claims cannot both win — and
   * `{ row: null }` for a tip recorded without a chat line (its message was refused).
   */
  insertWithMessage(
    tip: NewTip,
    channel: string,
    maxPayloadBytes: number,
  ): Promise<{ row: MessageRow | null } | null> {
    return db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('tips')
        .values({
          tx_hash: tip.txHash,
          stream_id: tip.streamId,
          from_address: tip.from,
          to_address: tip.to,
          amount_wei: tip.amountWei.toString(),
        })
        .onConflict((oc) => oc.column('tx_hash').doNothing())
        .returning('tx_hash')
        .executeTakeFirst();
      if (!claimed) return null;
      if (tip.message === null) return { row: null };
      const { row } = await chat.insertAndNotify(
        {
          stream_id: tip.streamId,
          user_address: tip.from,
          username: tip.username,
          profile_image: tip.profileImage,
          content: tip.message,
          created_at: tip.at,
          tip_wei: tip.amountWei.toString(),
          tip_tx_hash: tip.txHash,
        },
        channel,
        maxPayloadBytes,
        trx,
      );
      await trx.updateTable('tips').set({ message_id: row.id }).where('tx_hash', '=', tip.txHash).execute();
      return { row };
    });
  },
});

export type TipsRepository = ReturnType<typeof createTipsRepository>;

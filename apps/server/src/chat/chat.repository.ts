import { type ExpressionBuilder, type Insertable, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, MessagesTable } from '../db/schema.ts';
import type { MessageRow } from './chat-row.ts';

/** A NOTIFY sent in the same transaction as the write, so it goes out only if the write commits. */
export interface NotifyWith<T> {
  channel: string;
  payloadOf(row: T): string;
}

/** SQL for chat messages, mutes and the author profile, and nothing else. */
export const createChatRepository = (db: Kysely<Database>) => ({
  /**
   * Newest first; `before` is an exclusive message-id cursor. Uses messages_stream_newest_idx. Each row says
   * whether its author is banned here or site-wide (`author_banned`).
   */
  history(
    streamId: string,
    limit: number,
    before: string | undefined,
  ): Promise<(MessageRow & { author_banned: SqlBool })[]> {
    // Messages of wallets banned here or site-wide are hidden (and come back if the ban is lifted), except
    // their tips: the BNB was sent, so the tip stays in the history (the service drops its text).
    const banned = (eb: ExpressionBuilder<Database, 'messages'>) =>
      eb.exists(
        eb
          .selectFrom('platform_bans')
          .select('address')
          .whereRef('address', '=', 'messages.user_address')
          .union(
            eb
              .selectFrom('chat_bans')
              .select('user_address as address')
              .whereRef('user_address', '=', 'messages.user_address')
              .where('chat_bans.stream_id', '=', streamId),
          ),
      );
    let q = db
      .selectFrom('messages')
      .selectAll()
      .select((eb) => banned(eb).as('author_banned'))
      .where('stream_id', '=', streamId)
      .where((eb) => eb.or([eb.not(banned(eb)), eb('tip_wei', 'is not', null)]));
    if (before) q = q.where('id', '<', before);
    return q.orderBy('id', 'desc').limit(limit).execute();
  },

  findById(id: string): Promise<MessageRow | undefined> {
    return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async streamCreator(mint: string): Promise<{ creator: string | null } | undefined> {
    const row = await db
      .selectFrom('streams')
      .select('creator_address')
      .where('mint', '=', mint)
      .executeTakeFirst();
    return row ? { creator: row.creator_address } : undefined;
  },

  /**
   * Everything a post needs to know in one round trip: does the stream exist, is the author muted there
   * (and until when), the author's server-side profile, and — for the posting limit shared by every
   * instance — if the author already has `limit.count` messages in the last `limit.windowMs` (any stream),
   * how many ms until the oldest of them leaves that window (null otherwise). Times are the database's.
   */
  async postContext(
    streamId: string,
    address: string,
    limit: { count: number; windowMs: number },
    now: Date,
  ) {
    const windowSecs = limit.windowMs / 1000;
    return db
      .selectFrom('streams as s')
      .leftJoin('profiles as p', (j) => j.on('p.address', '=', address))
      .leftJoin('chat_mutes as m', (j) =>
        j
          .onRef('m.stream_id', '=', 's.mint')
          .on('m.user_address', '=', address)
          .on('m.muted_until', '>', now),
      )
      .select(['s.mint', 'p.username', 'p.profile_image', 'm.muted_until'])
      .select(
        sql<number | null>`(
          SELECT ceil(extract(epoch FROM (r.created_at + make_interval(secs => ${windowSecs}) - now())) * 1000)::int
          FROM messages r
          WHERE r.user_address = ${address} AND r.created_at > now() - make_interval(secs => ${windowSecs})
          ORDER BY r.created_at DESC
          OFFSET ${limit.count - 1} LIMIT 1
        )`.as('limit_wait_ms'),
      )
      .where('s.mint', '=', streamId)
      .executeTakeFirst();
  },

  /**
   * Insert and NOTIFY in ONE statement (one round trip, one implicit transaction): the notification leaves
   * only if the row commits, in commit order. The payload is the full row as JSON when it fits under the
   * NOTIFY limit, else a reference by id. created_at is cut to milliseconds so the API and the event agree;
   * it is the service's clock when given (slow mode and timeouts count on the same clock), else the database's.
   */
  async insertAndNotify(
    values: Omit<Insertable<MessagesTable>, 'id' | 'created_at'> & { created_at?: Date },
    channel: string,
    maxPayloadBytes: number,
    /** A transaction to run in (a tip inserts its row and its message together). */
    executor: Kysely<Database> = db,
  ): Promise<MessageRow> {
    const result = await sql<MessageRow>`
      WITH ins AS (
        INSERT INTO messages (stream_id, user_address, username, profile_image, content, created_at,
                              tip_wei, tip_tx_hash)
        VALUES (${values.stream_id}, ${values.user_address}, ${values.username ?? null},
                ${values.profile_image ?? null}, ${values.content},
                date_trunc('milliseconds', coalesce(${values.created_at ?? null}::timestamptz, now())),
                ${values.tip_wei ?? null}, ${values.tip_tx_hash ?? null})
        RETURNING *
      ), j AS (
        SELECT ins.*, json_build_object('k', 'ins', 'm', json_build_object(
          'id', ins.id::text, 'stream_id', ins.stream_id, 'user_address', ins.user_address,
          'username', ins.username, 'profile_image', ins.profile_image, 'content', ins.content,
          'created_at', to_char(ins.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'tip', CASE WHEN ins.tip_wei IS NULL THEN NULL
                 ELSE json_build_object('amount_wei', ins.tip_wei, 'tx_hash', ins.tip_tx_hash) END
          ))::text AS full_payload
        FROM ins
      )
      SELECT j.id, j.stream_id, j.user_address, j.username, j.profile_image, j.content, j.created_at,
             j.tip_wei, j.tip_tx_hash,
             pg_notify(${channel}, CASE WHEN octet_length(j.full_payload) <= ${maxPayloadBytes} THEN j.full_payload
               ELSE json_build_object('k', 'ins_ref', 'mint', j.stream_id, 'id', j.id::text)::text END)
      FROM j`.execute(executor);
    const row = result.rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Delete one message of a stream; false when it does not exist there. */
  remove(streamId: string, id: string, notify: NotifyWith<string>): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('messages')
        .where('id', '=', id)
        .where('stream_id', '=', streamId)
        .returning('id')
        .executeTakeFirst();
      if (!gone) return false;
      await sql`select pg_notify(${notify.channel}, ${notify.payloadOf(id)})`.execute(trx);
      return true;
    });
  },

  upsertMute(streamId: string, address: string, until: Date, by: string) {
    return db
      .insertInto('chat_mutes')
      .values({ stream_id: streamId, user_address: address, muted_until: until, muted_by: by })
      .onConflict((oc) =>
        oc.columns(['stream_id', 'user_address']).doUpdateSet({ muted_until: until, muted_by: by }),
      )
      .returning(['stream_id', 'user_address', 'muted_until'])
      .executeTakeFirstOrThrow();
  },
});

export type ChatRepository = ReturnType<typeof createChatRepository>;

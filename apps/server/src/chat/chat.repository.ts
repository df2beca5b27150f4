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
   * Insert and NOTIFY in ONE statement (one round trip, one implicit transaction): the notification leaves
   * only if the row commits, in commit order. The payload is the full row as JSON when it fits under the
   * NOTIFY limit, else a reference by id. created_at is cut to milliseconds so the API and the event agree;
   * it is the service's clock when given (slow mode and timeouts count on the same clock), else the database's.
   * The message's JSON is built once, here: the NOTIFY carries it and `json` is the API's answer, as is.
   */
  async insertAndNotify(
    values: Omit<Insertable<MessagesTable>, 'id' | 'created_at'> & { created_at?: Date },
    channel: string,
    maxPayloadBytes: number,
    /** A transaction to run in (a tip inserts its row and its message together). */
    executor: Kysely<Database> = db,
  ): Promise<{ row: MessageRow; json: string }> {
    const result = await sql<MessageRow & { json: string }>`
      WITH ins AS (
        INSERT INTO messages (stream_id, user_address, username, profile_image, content, created_at,
                              tip_wei, tip_tx_hash)
        VALUES (${values.stream_id}, ${values.user_address}, ${values.username ?? null},
                ${values.profile_image ?? null}, ${values.content},
                date_trunc('milliseconds', coalesce(${values.created_at ?? null}::timestamptz, now())),
                ${values.tip_wei ?? null}, ${values.tip_tx_hash ?? null})
        RETURNING *
      ), j AS (
        SELECT ins.*, json_build_object(
          'id', ins.id::text, 'stream_id', ins.stream_id, 'user_address', ins.user_address,
          'username', ins.username, 'profile_image', ins.profile_image, 'content', ins.content,
          'created_at', to_char(ins.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'tip', CASE WHEN ins.tip_wei IS NULL THEN NULL
                 ELSE json_build_object('amount_wei', ins.tip_wei, 'tx_hash', ins.tip_tx_hash) END
          )::text AS json
        FROM ins
      ), p AS (
        SELECT j.*, '{"k":"ins","m":' || j.json || '}' AS full_payload FROM j
      )
      SELECT p.id, p.stream_id, p.user_address, p.username, p.profile_image, p.content, p.created_at,
             p.tip_wei, p.tip_tx_hash, p.json,
             pg_notify(${channel}, CASE WHEN octet_length(p.full_payload) <= ${maxPayloadBytes} THEN p.full_payload
               ELSE json_build_object('k', 'ins_ref', 'mint', p.stream_id, 'id', p.id::text)::text END)
      FROM p`.execute(executor);
    const first = result.rows[0];
    if (!first) throw new Error('insert returned no row');
    const { json, ...row } = first;
    return { row, json };
  },

  /** Who wrote one message of a stream, and who created the stream (undefined: no such message there). */
  messageAuthor(streamId: string, id: string) {
    return db
      .selectFrom('messages as m')
      .innerJoin('streams as s', 's.mint', 'm.stream_id')
      .select(['m.user_address', 's.creator_address'])
      .where('m.id', '=', id)
      .where('m.stream_id', '=', streamId)
      .executeTakeFirst();
  },

  /** Delete one message of a stream; false when it does not exist there. */
  /** Delete a message and NOTIFY; its author and text (for the moderation log), or undefined if not there. */
  remove(
    streamId: string,
    id: string,
    notify: NotifyWith<string>,
  ): Promise<{ user_address: string; content: string } | undefined> {
    return db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('messages')
        .where('id', '=', id)
        .where('stream_id', '=', streamId)
        .returning(['user_address', 'content'])
        .executeTakeFirst();
      if (gone) await sql`select pg_notify(${notify.channel}, ${notify.payloadOf(id)})`.execute(trx);
      return gone;
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

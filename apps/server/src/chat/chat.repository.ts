import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, MessagesTable } from '../db/schema.ts';
import type { MessageRow } from './chat-row.ts';

/** A NOTIFY sent in the same transaction as the write, so it goes out only if the write commits. */
export interface NotifyWith<T> {
  channel: string;
  payloadOf(row: T): string;
}

/** SQL for chat messages, mutes and the author profile, and nothing else. */
export const createChatRepository = (db: Kysely<Database>) => ({
  /** Newest first; `before` is an exclusive message-id cursor. Uses messages_stream_newest_idx. */
  history(streamId: string, limit: number, before: string | undefined): Promise<MessageRow[]> {
    let q = db.selectFrom('messages').selectAll().where('stream_id', '=', streamId);
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

  profile(address: string) {
    return db
      .selectFrom('profiles')
      .select(['username', 'profile_image'])
      .where('address', '=', address)
      .executeTakeFirst();
  },

  insert(values: Insertable<MessagesTable>, notify: NotifyWith<MessageRow>): Promise<MessageRow> {
    return db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('messages').values(values).returningAll().executeTakeFirstOrThrow();
      await sql`select pg_notify(${notify.channel}, ${notify.payloadOf(row)})`.execute(trx);
      return row;
    });
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

  activeMuteUntil(streamId: string, address: string): Promise<{ muted_until: Date } | undefined> {
    return db
      .selectFrom('chat_mutes')
      .select('muted_until')
      .where('stream_id', '=', streamId)
      .where('user_address', '=', address)
      .where('muted_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
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

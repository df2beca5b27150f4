import type { TRaidLine } from '@mintcast/contracts';
import { type Kysely, sql } from 'kysely';
import { type MessageRow, toChatMessage } from '../chat/chat-row.ts';
import type { Database } from '../db/schema.ts';

/** What a NOTIFY on the chat channel carries for a message (the chat fan-out sends it on). */
const notifyPayload = (row: MessageRow, maxPayloadBytes: number): string => {
  const m = toChatMessage(row);
  const full = JSON.stringify({ k: 'ins', m });
  return Buffer.byteLength(full) <= maxPayloadBytes
    ? full
    : JSON.stringify({ k: 'ins_ref', mint: m.stream_id, id: m.id });
};

/** SQL for raids, and nothing else. */
export const createRaidsRepository = (db: Kysely<Database>) => ({
  /** One stream's live state and card (undefined: no such stream). */
  stream(mint: string) {
    return db
      .selectFrom('streams')
      .select(['mint', 'name', 'symbol', 'is_currently_live', 'num_participants', 'hidden_at'])
      .where('mint', '=', mint)
      .executeTakeFirst();
  },

  /** The wallet's profile name, if it set one. */
  async username(address: string): Promise<string | null> {
    const row = await db
      .selectFrom('profiles')
      .select('username')
      .where('address', '=', address)
      .executeTakeFirst();
    return row?.username ?? null;
  },

  /**
   * Post the raid's line in the target's chat and NOTIFY the chat channel in one transaction: the line is
   * stored like any message (history shows it after a reload) and reaches every instance's viewers.
   */
  postRaidLine(input: {
    target: string;
    raider: { address: string; username: string | null };
    raid: TRaidLine;
    content: string;
    channel: string;
    maxPayloadBytes: number;
  }) {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('messages')
        .values({
          stream_id: input.target,
          user_address: input.raider.address,
          username: input.raider.username,
          content: input.content,
          raid: JSON.stringify(input.raid),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await sql`SELECT pg_notify(${input.channel}, ${notifyPayload(row, input.maxPayloadBytes)})`.execute(
        trx,
      );
      return toChatMessage(row);
    });
  },
});

export type RaidsRepository = ReturnType<typeof createRaidsRepository>;

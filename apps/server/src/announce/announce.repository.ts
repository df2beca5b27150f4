import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the go-live outbox, and nothing else. */
export const createAnnounceRepository = (db: Kysely<Database>) => ({
  async enqueue(mint: string): Promise<void> {
    await db.insertInto('announce_outbox').values({ stream_id: mint }).execute();
  },

  /**
   * Take up to `limit` pending announcements (oldest first), marking them taken in the same statement, so an
   * announcement is sent once even if two senders ever ran at once. Those older than `freshSince` are taken
   * too but not returned: a go-live found after a long outage is old news.
   */
  async claim(limit: number, freshSince: Date): Promise<{ id: string; stream_id: string }[]> {
    const rows = await sql<{ id: string; stream_id: string; created_at: Date }>`
      UPDATE announce_outbox SET claimed_at = now()
      WHERE id IN (
        SELECT id FROM announce_outbox WHERE claimed_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, stream_id, created_at`.execute(db);
    return rows.rows
      .filter((r) => new Date(r.created_at) >= freshSince)
      .map((r) => ({ id: String(r.id), stream_id: r.stream_id }));
  },

  /** Forget announcements sent before `before`. */
  async prune(before: Date): Promise<void> {
    await db
      .deleteFrom('announce_outbox')
      .where('claimed_at', 'is not', null)
      .where('claimed_at', '<', before)
      .execute();
  },
});

export type AnnounceRepository = ReturnType<typeof createAnnounceRepository>;

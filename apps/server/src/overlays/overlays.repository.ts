import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL for overlay keys, nothing else. */
export const createOverlaysRepository = (db: Kysely<Database>) => ({
  find(mint: string) {
    return db.selectFrom('overlay_keys').selectAll().where('stream_id', '=', mint).executeTakeFirst();
  },

  /** The stream an overlay key (by its hash) belongs to, with what the overlay shows of it. */
  findByHash(keyHash: string) {
    return db
      .selectFrom('overlay_keys as o')
      .innerJoin('streams as s', 's.mint', 'o.stream_id')
      .select(['s.mint', 's.name', 's.symbol'])
      .where('o.key_hash', '=', keyHash)
      .executeTakeFirst();
  },

  /** Keep the stream's first key: a concurrent first visit keeps whichever was written first. */
  async insertIfNone(row: { mint: string; keyHash: string; keySealed: string; at: Date }) {
    await db
      .insertInto('overlay_keys')
      .values({
        stream_id: row.mint,
        key_hash: row.keyHash,
        key_sealed: row.keySealed,
        created_at: row.at,
      })
      .onConflict((oc) => oc.column('stream_id').doNothing())
      .execute();
  },

  /** Replace the stream's key: the old one stops working in the same statement. */
  replace(row: { mint: string; keyHash: string; keySealed: string; at: Date }) {
    return db
      .insertInto('overlay_keys')
      .values({
        stream_id: row.mint,
        key_hash: row.keyHash,
        key_sealed: row.keySealed,
        created_at: row.at,
      })
      .onConflict((oc) =>
        oc.column('stream_id').doUpdateSet((eb) => ({
          key_hash: eb.ref('excluded.key_hash'),
          key_sealed: eb.ref('excluded.key_sealed'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  },
});

export type OverlaysRepository = ReturnType<typeof createOverlaysRepository>;

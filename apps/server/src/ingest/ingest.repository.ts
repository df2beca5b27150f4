import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL for stream keys, nothing else. */
export const createIngestRepository = (db: Kysely<Database>) => ({
  find(mint: string) {
    return db.selectFrom('stream_keys').selectAll().where('stream_id', '=', mint).executeTakeFirst();
  },

  /** Replaces the stream's key (the old one stops working in the same statement). */
  async save(row: {
    mint: string;
    keyHash: string;
    keySealed: string;
    whipUrl: string | null;
    ingressId: string | null;
  }) {
    return db
      .insertInto('stream_keys')
      .values({
        stream_id: row.mint,
        key_hash: row.keyHash,
        key_sealed: row.keySealed,
        whip_url: row.whipUrl,
        ingress_id: row.ingressId,
        created_at: new Date(),
      })
      .onConflict((oc) =>
        oc.column('stream_id').doUpdateSet((eb) => ({
          key_hash: eb.ref('excluded.key_hash'),
          key_sealed: eb.ref('excluded.key_sealed'),
          whip_url: eb.ref('excluded.whip_url'),
          ingress_id: eb.ref('excluded.ingress_id'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  },
});

export type IngestRepository = ReturnType<typeof createIngestRepository>;

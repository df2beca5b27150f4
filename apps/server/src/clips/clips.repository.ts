import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ClipsTable, Database } from '../db/schema.ts';

export type ClipRow = Selectable<ClipsTable>;

/** SQL of clips and the creator's clip switch; no rules here. */
export const createClipsRepository = (db: Kysely<Database>) => ({
  async insert(row: Insertable<ClipsTable>): Promise<ClipRow> {
    return db.insertInto('clips').values(row).returningAll().executeTakeFirstOrThrow();
  },

  find(id: string): Promise<ClipRow | undefined> {
    return db.selectFrom('clips').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A stream's clips that are not removed, newest first. */
  listForStream(streamId: string, limit: number): Promise<ClipRow[]> {
    return db
      .selectFrom('clips')
      .selectAll()
      .where('stream_id', '=', streamId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Clips made since `since` by one wallet, or of one stream (removed ones count: the work was done). */
  async countSince(by: { createdBy: string } | { streamId: string }, since: Date): Promise<number> {
    const row = await db
      .selectFrom('clips')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>=', since)
      .$if('createdBy' in by, (q) => q.where('created_by', '=', (by as { createdBy: string }).createdBy))
      .$if('streamId' in by, (q) => q.where('stream_id', '=', (by as { streamId: string }).streamId))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async markDeleted(id: string, by: string, at: Date): Promise<void> {
    await db.updateTable('clips').set({ deleted_at: at, deleted_by: by }).where('id', '=', id).execute();
  },

  async isEnabled(streamId: string): Promise<boolean> {
    const row = await db
      .selectFrom('clip_settings')
      .select('enabled')
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    return row?.enabled ?? true;
  },

  async setEnabled(streamId: string, enabled: boolean): Promise<void> {
    await db
      .insertInto('clip_settings')
      .values({ stream_id: streamId, enabled })
      .onConflict((oc) => oc.column('stream_id').doUpdateSet({ enabled, updated_at: new Date() }))
      .execute();
  },
});

export type ClipsRepository = ReturnType<typeof createClipsRepository>;

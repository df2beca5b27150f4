import type { Kysely, Selectable } from 'kysely';
import type { Database, MessagesTable, RecordingsTable } from '../db/schema.ts';

export type RecordingRow = Selectable<RecordingsTable>;

/** SQL of recordings and the creator's recording switch; no rules here. */
export const createRecordingsRepository = (db: Kysely<Database>) => ({
  async insert(row: { id: string; streamId: string; filePath: string; startedAt: Date }): Promise<void> {
    await db
      .insertInto('recordings')
      .values({
        id: row.id,
        stream_id: row.streamId,
        file_path: row.filePath,
        status: 'recording',
        started_at: row.startedAt,
      })
      .execute();
  },

  async setEgress(id: string, egressId: string): Promise<void> {
    await db.updateTable('recordings').set({ egress_id: egressId }).where('id', '=', id).execute();
  },

  /** The media server's last word on a file: playable with its length and size, or failed. */
  async finish(
    filePath: string,
    result: {
      status: 'ready' | 'failed';
      durationMs: number | null;
      sizeBytes: number | null;
      endedAt: Date;
      /** The file's time zero, when the media server says (it may have waited for the host's tracks). */
      startedAt?: Date | null;
    },
  ): Promise<RecordingRow | undefined> {
    return db
      .updateTable('recordings')
      .set({
        status: result.status,
        duration_ms: result.durationMs,
        size_bytes: result.sizeBytes,
        ended_at: result.endedAt,
        ...(result.startedAt ? { started_at: result.startedAt } : {}),
      })
      .where('file_path', '=', filePath)
      .returningAll()
      .executeTakeFirst();
  },

  find(id: string): Promise<RecordingRow | undefined> {
    return db.selectFrom('recordings').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The recording being written for a stream, if any. */
  active(streamId: string): Promise<RecordingRow | undefined> {
    return db
      .selectFrom('recordings')
      .selectAll()
      .where('stream_id', '=', streamId)
      .where('status', '=', 'recording')
      .where('deleted_at', 'is', null)
      .orderBy('started_at', 'desc')
      .executeTakeFirst();
  },

  /** A stream's recordings that are not deleted, newest first. */
  listForStream(
    streamId: string,
    statuses: RecordingRow['status'][],
    limit: number,
  ): Promise<RecordingRow[]> {
    return db
      .selectFrom('recordings')
      .selectAll()
      .where('stream_id', '=', streamId)
      .where('status', 'in', statuses)
      .where('deleted_at', 'is', null)
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
  },

  async markDeleted(id: string, by: string, at: Date): Promise<void> {
    await db.updateTable('recordings').set({ deleted_at: at, deleted_by: by }).where('id', '=', id).execute();
  },

  /** Finished recordings still on disk (not deleted, not being written), oldest first. */
  keptOldestFirst(): Promise<Pick<RecordingRow, 'id' | 'file_path' | 'started_at' | 'size_bytes'>[]> {
    return db
      .selectFrom('recordings')
      .select(['id', 'file_path', 'started_at', 'size_bytes'])
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'recording')
      .orderBy('started_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  },

  /**
   * A stream's chat between two times, oldest first, with the history's rule: messages of wallets banned there
   * or site-wide are left out (chat.repository.ts `history`).
   */
  chatBetween(streamId: string, from: Date, to: Date, limit: number): Promise<Selectable<MessagesTable>[]> {
    return db
      .selectFrom('messages')
      .selectAll()
      .where('stream_id', '=', streamId)
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('platform_bans')
              .select('address')
              .whereRef('address', '=', 'messages.user_address')
              .union(
                selectFrom('chat_bans')
                  .select('user_address as address')
                  .whereRef('user_address', '=', 'messages.user_address')
                  .where('chat_bans.stream_id', '=', streamId),
              ),
          ),
        ),
      )
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  },

  async isEnabled(streamId: string): Promise<boolean> {
    const row = await db
      .selectFrom('recording_settings')
      .select('enabled')
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    return row?.enabled ?? true;
  },

  async setEnabled(streamId: string, enabled: boolean): Promise<void> {
    await db
      .insertInto('recording_settings')
      .values({ stream_id: streamId, enabled })
      .onConflict((oc) => oc.column('stream_id').doUpdateSet({ enabled, updated_at: new Date() }))
      .execute();
  },
});

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;

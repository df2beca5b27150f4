import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the administrators' screen: the report queue, site-wide bans and the audit log, nothing else. */
export const createAdminRepository = (db: Kysely<Database>) => ({
  /** Reports newest first, each with its stream and whether the wallet it is about is banned now. */
  reports(openOnly: boolean, limit: number) {
    let q = db
      .selectFrom('reports as r')
      .innerJoin('streams as s', 's.mint', 'r.stream_id')
      .leftJoin('clips as c', 'c.id', 'r.clip_id')
      .select([
        'c.id as clip_id',
        'c.title as clip_title',
        'c.created_by as clip_author',
        'c.deleted_at as clip_deleted_at',
        'r.id',
        'r.kind',
        'r.reason',
        'r.details',
        'r.reporter',
        'r.created_at',
        'r.resolved_at',
        'r.message_id',
        'r.message_author',
        'r.message_content',
        'r.message_created_at',
        's.mint',
        's.name',
        's.symbol',
        's.creator_address',
        's.is_currently_live',
        's.is_nsfw',
        's.hidden_at',
      ])
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM platform_bans b
          WHERE b.address = coalesce(r.message_author, c.created_by, s.creator_address))`.as(
          'subject_banned',
        ),
      );
    if (openOnly) q = q.where('r.resolved_at', 'is', null);
    return q.orderBy('r.id', 'desc').limit(limit).execute();
  },

  async resolveReport(id: string, by: string, at: Date): Promise<string | undefined> {
    const row = await db
      .updateTable('reports')
      .set({ resolved_at: at, resolved_by: by })
      .where('id', '=', id)
      .returning('stream_id')
      .executeTakeFirst();
    return row?.stream_id;
  },

  async ban(address: string, reason: string, by: string): Promise<void> {
    await db
      .insertInto('platform_bans')
      .values({ address, reason, banned_by: by })
      .onConflict((oc) => oc.column('address').doUpdateSet({ reason, banned_by: by }))
      .execute();
  },

  async unban(address: string): Promise<boolean> {
    const gone = await db
      .deleteFrom('platform_bans')
      .where('address', '=', address)
      .returning('address')
      .execute();
    return gone.length > 0;
  },

  bans() {
    return db.selectFrom('platform_bans').selectAll().orderBy('created_at', 'desc').limit(200).execute();
  },

  async liveStreamsOf(address: string): Promise<string[]> {
    const rows = await db
      .selectFrom('streams')
      .select('mint')
      .where('creator_address', '=', address)
      .where('is_currently_live', '=', true)
      .execute();
    return rows.map((r) => r.mint);
  },

  async audit(entry: { admin: string; action: string; target: string; reason: string }): Promise<void> {
    await db.insertInto('admin_actions').values(entry).execute();
  },

  auditLog(limit: number) {
    return db.selectFrom('admin_actions').selectAll().orderBy('id', 'desc').limit(limit).execute();
  },
});

export type AdminRepository = ReturnType<typeof createAdminRepository>;

import type { Insertable, Kysely } from 'kysely';
import type { Database, ReportsTable } from '../db/schema.ts';

/** SQL of reports filed by wallets, and nothing else. */
export const createReportsRepository = (db: Kysely<Database>) => ({
  streamExists: async (mint: string): Promise<boolean> =>
    Boolean(await db.selectFrom('streams').select('mint').where('mint', '=', mint).executeTakeFirst()),

  message: (mint: string, id: string) =>
    db
      .selectFrom('messages')
      .select(['id', 'user_address', 'content', 'created_at'])
      .where('id', '=', id)
      .where('stream_id', '=', mint)
      .executeTakeFirst(),

  clip: (id: string) =>
    db.selectFrom('clips').select(['id', 'stream_id', 'deleted_at']).where('id', '=', id).executeTakeFirst(),

  async sentSince(reporter: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('reporter', '=', reporter)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The new report's id, or null when this wallet already reported this target (unique index). */
  async insert(values: Insertable<ReportsTable>): Promise<string | null> {
    const row = await db
      .insertInto('reports')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? String(row.id) : null;
  },
});

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.ts';

/** Run every pending migration listed in `migrations/index.ts` (in name order); throw on the first failure. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
export const migrateToLatest = async (db: Kysely<any>, schema?: string): Promise<void> => {
  // pg_trgm lives in the shared public schema; concurrent first runs could race on creating it.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db).catch(() => undefined);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // With a private schema (tests on a shared PostgreSQL), keep the bookkeeping tables in it too:
    // otherwise Kysely may find another schema's tables through the search path.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
};

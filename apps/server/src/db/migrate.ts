import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, type Kysely, Migrator, sql } from 'kysely';

const migrationFolder = path.join(import.meta.dirname, 'migrations');

/** Run every pending migration in `migrations/` (by file name order); throw on the first failure. */
export const migrateToLatest = async (db: Kysely<unknown>): Promise<void> => {
  // pg_trgm lives in the shared public schema; concurrent first runs could race on creating it.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db).catch(() => undefined);
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
};

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrate.ts';
import { pglitePool } from './pglite-pool.ts';
import { ensurePrivateDir, makeTreePrivate } from './private-dir.ts';
import type { Database } from './schema.ts';

// Postgres returns bigint (int8) as text by default; counts and ids fit in a JS number/string as we use them.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type DatabaseTarget =
  // dataDir undefined: in memory; loadDataDir: start from a dump (tests use a migrated template).
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; schema?: string | undefined };

export interface DatabaseHandle {
  db: Kysely<Database>;
  target: DatabaseTarget;
  /** The embedded instance, when running on PGlite (used by LISTEN/NOTIFY). */
  pglite: PGlite | undefined;
  /** Connection settings for an extra dedicated connection (LISTEN), when running on PostgreSQL. */
  pgConfig: pg.ClientConfig | undefined;
  close(): Promise<void>;
}

const pgClientConfig = (url: string, schema: string | undefined): pg.ClientConfig => ({
  connectionString: url,
  // A schema per test run keeps parallel test files apart on one PostgreSQL database.
  ...(schema ? { options: `-c search_path=${schema},public` } : {}),
});

/** Open the database named by the target and bring its schema up to date. */
export const openDatabase = async (target: DatabaseTarget): Promise<DatabaseHandle> => {
  if (target.kind === 'pglite') {
    const { dataDir } = target;
    if (dataDir) ensurePrivateDir(dataDir);
    const instance = await PGlite.create({
      dataDir: target.dataDir,
      extensions: { pg_trgm },
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    if (dataDir) makeTreePrivate(dataDir);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(instance) }) });
    await migrateToLatest(db);
    return {
      db,
      target,
      pglite: instance,
      pgConfig: undefined,
      close: async () => {
        await db.destroy();
        await instance.close();
        // Files PGlite created while running are 0666 (inside 0700 folders): tighten them too.
        if (dataDir) makeTreePrivate(dataDir);
      },
    };
  }
  const config = pgClientConfig(target.url, target.schema);
  if (target.schema) {
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${target.schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({ ...config, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db, target.schema);
  return { db, target, pglite: undefined, pgConfig: config, close: () => db.destroy() };
};

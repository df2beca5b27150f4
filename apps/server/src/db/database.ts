import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
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
  /** Told of every statement's duration (metrics); add and remove freely. */
  queryObservers: Set<QueryObserver>;
  close(): Promise<void>;
}

export type QueryObserver = (q: { operation: string; ok: boolean; ms: number }) => void;

/** `SelectQueryNode` → `select`; raw SQL (`sql\`…\``) → `raw`. */
const operationOf = (event: LogEvent): string =>
  event.query.query.kind.replace(/QueryNode$|Node$/, '').toLowerCase();

/** Kysely's log hook feeding the handle's observers. */
const observe =
  (observers: Set<QueryObserver>) =>
  (event: LogEvent): void => {
    if (observers.size === 0) return;
    const q = { operation: operationOf(event), ok: event.level === 'query', ms: event.queryDurationMillis };
    for (const o of observers) o(q);
  };

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
    // One process per folder: a second opener (e.g. `npm run seed` beside `npm start`) is refused.
    const lock = dataDir ? await lockDataDir(dataDir) : undefined;
    let instance: PGlite;
    try {
      instance = await PGlite.create({
        dataDir: target.dataDir,
        extensions: { pg_trgm },
        ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      });
    } catch (err) {
      await lock?.release();
      throw err;
    }
    if (dataDir) makeTreePrivate(dataDir);
    const queryObservers = new Set<QueryObserver>();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: pglitePool(instance) }),
      log: observe(queryObservers),
    });
    await migrateToLatest(db);
    return {
      db,
      target,
      pglite: instance,
      pgConfig: undefined,
      queryObservers,
      close: async () => {
        await db.destroy();
        await instance.close();
        // Files PGlite created while running are 0666 (inside 0700 folders): tighten them too.
        if (dataDir) makeTreePrivate(dataDir);
        await lock?.release();
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
  const queryObservers = new Set<QueryObserver>();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: observe(queryObservers) });
  await migrateToLatest(db, target.schema);
  return { db, target, pglite: undefined, pgConfig: config, queryObservers, close: () => db.destroy() };
};

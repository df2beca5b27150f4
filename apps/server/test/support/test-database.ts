import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a private schema on the
 * PostgreSQL named by TEST_DATABASE_URL (dropped on close), so the same tests run on both.
 */
export const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    return openDatabase({ kind: 'pglite', dataDir: undefined, ...(loadDataDir ? { loadDataDir } : {}) });
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const handle = await openDatabase({ kind: 'postgres', url, schema });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      // The webhook queue's (pg-boss) schema beside it (webhooks/queue.ts).
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}_pgboss" CASCADE`);
      await admin.end();
    },
  };
};

/** Which database the current run uses, for test names. */
export const databaseKind = (): string => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

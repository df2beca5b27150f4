import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Presents one PGlite instance as a single-connection pool to Kysely's PostgresDialect.
 * PGlite has exactly one session, so a connection is handed out to one user at a time:
 * a transaction holds it until it commits, and other queries wait their turn.
 */
export const pglitePool = (pg: PGlite): PostgresPool => {
  let tail: Promise<void> = Promise.resolve();
  const client: Omit<PostgresPoolClient, 'release'> = {
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's pool client type is loose by design.
    query: (async (sql: string, params: readonly unknown[]) => {
      const res = await pg.query(sql, params as unknown[], { rowMode: 'object' });
      return { command: 'SELECT', rowCount: res.affectedRows ?? res.rows.length, rows: res.rows };
    }) as any,
  };
  return {
    connect: async () => {
      let release!: () => void;
      const prev = tail;
      tail = new Promise<void>((r) => {
        release = r;
      });
      await prev;
      return { ...client, release } as PostgresPoolClient;
    },
    end: async () => {
      await tail;
    },
  };
};

import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents one PGlite instance as a single-connection pool to Kysely's PostgresDialect.
 * PGlite has exactly one session, so a connection is handed out to one user at a time:
 * a transaction holds it until it commits, and other queries wait their turn.
 */
export const pglitePool = (pg: PGlite): PostgresPool => {
  let tail: Promise<void> = Promise.resolve();
  const query = async <R>(sql: string, params: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
    const res = await pg.query<R>(sql, params as unknown[]);
    return { command: 'SELECT', rowCount: res.affectedRows ?? res.rows.length, rows: res.rows };
  };
  return {
    connect: async () => {
      let release!: () => void;
      const prev = tail;
      tail = new Promise<void>((r) => {
        release = r;
      });
      await prev;
      return { query, release } as PostgresPoolClient;
    },
    end: async () => {
      await tail;
    },
  };
};

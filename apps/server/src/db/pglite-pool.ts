import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * The statement's command, as node-postgres reports it: Kysely reads the affected-row count (numUpdatedRows…)
 * only for INSERT, UPDATE, DELETE and MERGE, and PGlite does not say which command ran. Kysely's statements start
 * with their command word (a `with … update` would still count as SELECT: we write none).
 */
export const commandOf = (sql: string): PostgresQueryResult<unknown>['command'] => {
  const first = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
  if (WRITES.has(first)) return first as PostgresQueryResult<unknown>['command'];
  return 'SELECT';
};

/**
 * Presents one PGlite instance as a single-connection pool to Kysely's PostgresDialect.
 * PGlite has exactly one session, so a connection is handed out to one user at a time:
 * a transaction holds it until it commits, and other queries wait their turn.
 */
export const pglitePool = (pg: PGlite): PostgresPool => {
  let tail: Promise<void> = Promise.resolve();
  const query = async <R>(sql: string, params: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
    const res = await pg.query<R>(sql, params as unknown[]);
    return { command: commandOf(sql), rowCount: res.affectedRows ?? res.rows.length, rows: res.rows };
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

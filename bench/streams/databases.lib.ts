import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { startReadyChild } from '../support/child.ts';

/**
 * The databases the streams benches run on: in-memory PGlite, and the PostgreSQL named by
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/scale_bench; a database of its own, so
 * benches never disturb the tests' one) when it answers.
 */
export const benchDatabases = async (): Promise<{ name: string; env: NodeJS.ProcessEnv }[]> => {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale_bench';
  const only = process.env.BENCH_DB;
  const list: { name: string; env: NodeJS.ProcessEnv }[] = [];
  if (!only || only === 'pglite') list.push({ name: 'PGlite', env: { BENCH_DATABASE_URL: '' } });
  if (!only || only === 'postgres') {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    const reachable = await client.connect().then(
      () => client.end().then(() => true),
      () => false,
    );
    if (reachable) list.push({ name: 'PostgreSQL', env: { BENCH_DATABASE_URL: url } });
    else
      console.log(`PostgreSQL at ${url} does not answer: skipped (createdb it, or set BENCH_DATABASE_URL)`);
  }
  return list;
};

/** Start the app on one of those databases, seeded with `rows` streams. */
export const startStreamsServer = (
  env: NodeJS.ProcessEnv,
  rows: number,
): Promise<{ child: ChildProcess; port: number }> =>
  startReadyChild(path.join(import.meta.dirname, 'bench-server.ts'), { ...env, BENCH_ROWS: String(rows) });

/** Stop it and wait for it to drop its schema. */
export const stopServer = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

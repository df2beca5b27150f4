import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { startReadyChild } from '../support/child.ts';

/**
 * Create the database `url` names when the server answers but does not have it (a fresh clone, CI's
 * PostgreSQL with only `test`, `postgres` and `root`), through the server's `postgres` database. Returns a
 * sentence saying why not when it cannot.
 */
export const ensureDatabase = async (url: string): Promise<string | null> => {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return null;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    return `does not answer (${(err as Error).message})`;
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`created database ${name} on ${target.host}`);
    }
    return null;
  } catch (err) {
    // Two benches creating it at once: the other one won, which is as good.
    if ((err as { code?: string }).code === '42P04') return null;
    return `cannot create database ${name} (${(err as Error).message})`;
  } finally {
    await client.end();
  }
};

/**
 * The databases the streams benches run on: in-memory PGlite, and the PostgreSQL named by
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/scale_bench; a database of its own, so
 * benches never disturb the tests' one, created when missing) when it answers.
 */
export const benchDatabases = async (): Promise<{ name: string; env: NodeJS.ProcessEnv }[]> => {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale_bench';
  const only = process.env.BENCH_DB;
  const list: { name: string; env: NodeJS.ProcessEnv }[] = [];
  if (!only || only === 'pglite') list.push({ name: 'PGlite', env: { BENCH_DATABASE_URL: '' } });
  if (!only || only === 'postgres') {
    const why = await ensureDatabase(url);
    if (!why) list.push({ name: 'PostgreSQL', env: { BENCH_DATABASE_URL: url } });
    else console.log(`PostgreSQL at ${url} ${why}: skipped (set BENCH_DATABASE_URL to another)`);
  }
  return list;
};

/** Start the app on one of those databases, seeded with `rows` streams. */
export const startStreamsServer = (
  env: NodeJS.ProcessEnv,
  rows: number,
): Promise<{ child: ChildProcess; port: number }> =>
  // Seeding 100k rows into PGlite takes minutes on a crowded 2-core machine: wait up to 15.
  startReadyChild(
    path.join(import.meta.dirname, 'bench-server.ts'),
    { ...env, BENCH_ROWS: String(rows) },
    15 * 60_000,
  );

/** Stop it and wait for it to drop its schema. */
export const stopServer = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

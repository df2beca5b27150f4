/**
 * Child process for the streams benchmarks: a real app on a database holding N streams, PGlite in memory
 * or, with BENCH_DATABASE_URL, a fresh schema on that PostgreSQL (dropped when the child is stopped).
 * Prints `READY <port>` when listening.
 */

import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';
import { seedStreams } from '../../apps/server/test/support/seed-streams.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const url = process.env.BENCH_DATABASE_URL;
const schema = `bench_${process.pid}`;
const database = await openDatabase(
  url ? { kind: 'postgres', url, schema } : { kind: 'pglite', dataDir: undefined },
);
await seedStreams(database.db, rows);
await sql`ANALYZE streams`.execute(database.db);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const app = await buildApp({
  config,
  database,
  rateLimitPerMinute: 1_000_000_000,
  nonceLimitPerMinute: 1_000_000_000,
  // Load generators run every client from one address.
  clientCaps: { socketsPerAddress: 1_000_000 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
  process.exit(0);
});

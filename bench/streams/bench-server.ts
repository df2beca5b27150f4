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

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const url = process.env.BENCH_DATABASE_URL;
const schema = `bench_${process.pid}`;
const database = await openDatabase(
  url ? { kind: 'postgres', url, schema } : { kind: 'pglite', dataDir: undefined },
);
// One INSERT … SELECT generate_series: realistic spread of live flags, market caps and dates.
await sql`
  INSERT INTO streams (mint, name, symbol, description, image_uri, creator_address, is_currently_live,
                       num_participants, usd_market_cap, created_at)
  SELECT '0x' || lpad(to_hex(i), 40, '0'),
         'Token ' || i || ' ' || (ARRAY['Moon','Rocket','Lotus','Tiger','Koi','Orbit','Nova','Echo'])[1 + i % 8],
         'TK' || i,
         'Live trading stream number ' || i || ' about ' || (ARRAY['charts','memes','yield','perps'])[1 + i % 4],
         'https://example.com/t/' || i || '.png',
         '0x' || lpad(to_hex(i % 5000), 40, '0'),
         (i % 50 = 0),
         (i * 7) % 300,
         ((i * 7919) % 100000000)::double precision,
         now() - (i || ' minutes')::interval
  FROM generate_series(1, ${rows}) AS i`.execute(database.db);
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

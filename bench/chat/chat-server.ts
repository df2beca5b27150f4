/**
 * Child process for the chat benchmark: the real app on PGlite with one stream and N signed-in posters
 * (real SIWE flow). Prints `TOKENS <json>` then `READY <port>`, and `MEM <rss> <heapUsed> <external> <arrayBuffers>` (bytes) every
 * second.
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';
import { signIn } from '../../apps/server/test/support/sign-in.ts';

const posters = Number(process.env.BENCH_POSTERS ?? 40);
const mint = process.env.BENCH_MINT ?? `0x${'b'.repeat(40)}`;
// PGlite by default (the one-machine setup); BENCH_DATABASE_URL runs it on PostgreSQL in a throwaway schema.
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(
  url
    ? { kind: 'postgres', url, schema: `bench_chat_${process.pid}` }
    : { kind: 'pglite', dataDir: undefined },
);
if (url) {
  const drop = async () => {
    await database.close();
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS bench_chat_${process.pid} CASCADE`);
    await admin.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void drop());
} else {
  process.once('SIGTERM', () => process.exit(0)); // exit normally, so --cpu-prof and the like can write out
}
await database.db
  .insertInto('streams')
  .values({ mint, name: 'Bench', symbol: 'BENCH', creator_address: `0x${'c'.repeat(40)}` })
  .execute();
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  DATA_DIR: '.data/bench-chat',
});
const app = await buildApp({
  config,
  database,
  rateLimitPerMinute: 1_000_000_000,
  nonceLimitPerMinute: 1_000_000_000,
  // Load generators run every client from one address.
  clientCaps: { socketsPerAddress: 1_000_000 },
});
await app.ready();
const tokens: string[] = [];
for (let i = 0; i < posters; i++) tokens.push((await signIn(app)).accessToken);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`TOKENS ${JSON.stringify(tokens)}`);
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
setInterval(() => {
  const m = process.memoryUsage();
  console.log(`MEM ${m.rss} ${m.heapUsed} ${m.external} ${m.arrayBuffers}`);
}, 1000).unref();

/**
 * Child process for the chat-flood benchmark: the real app on PGlite with one stream, a minimal built web
 * app (so stream pages are served, with their share tags read from the database), and N fresh signed-in
 * wallets (real SIWE flow). Prints `STREAM <mint>`, `TOKENS <json>`, then `READY <port>`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';
import { signIn } from '../../apps/server/test/support/sign-in.ts';

const wallets = Number(process.env.BENCH_WALLETS ?? 60);
const mint = process.env.BENCH_MINT ?? `0x${'f'.repeat(40)}`;
const webDist = mkdtempSync(path.join(tmpdir(), 'mintcast-flood-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Mintcast</title></head><body><div id="root"></div></body></html>',
);
process.once('SIGTERM', () => {
  rmSync(webDist, { recursive: true, force: true });
  process.exit(0);
});

const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
await database.db
  .insertInto('streams')
  .values({ mint, name: 'Flood', symbol: 'FLOOD', creator_address: `0x${'c'.repeat(40)}` })
  .execute();
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  WEB_DIST: webDist,
  DATA_DIR: '.data/bench-chat-flood',
});
const app = await buildApp({
  config,
  database,
  // The load generator is one address: the per-address HTTP limit would measure itself, not the chat.
  rateLimitPerMinute: 1_000_000_000,
  nonceLimitPerMinute: 1_000_000_000,
});
await app.ready();
const tokens: string[] = [];
for (let i = 0; i < wallets; i++) tokens.push((await signIn(app)).accessToken);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`STREAM ${mint}`);
console.log(`TOKENS ${JSON.stringify(tokens)}`);
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);

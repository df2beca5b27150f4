/**
 * Issue 34 budgets for buy and sell alerts:
 * - RPC calls per minute, for 10 and 1,000 viewers on 1 and 2 instances: the same figure in all four (the
 *   leader polls; viewers and followers never reach the chain node).
 * - Block → alert in every viewer's chat, p50 (budget ≤ 1.5 s) with anvil mining a block every 0.75 s (BSC's
 *   block time), 100 viewers connected.
 *
 * Anvil (the chain test kit) with a Uniswap V2 deployment; automine off and a block mined every 0.75 s by the
 * bench; a trader buys 0.2 BNB of the stream's token every ~3 s. The server's RPC goes through a counting
 * pass-through. Each viewer is a realtime socket subscribed to the stream's chat; a latency is the time from
 * the block's mining (the mine call's return) to the alert's arrival on a socket, for every socket.
 * Two instances need PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * private schema, dropped after); one instance runs on PGlite.
 * Run: npx tsx bench/chain/trade-alerts.ts   (BENCH_SECONDS per scenario, default 30)
 */
import { randomBytes } from 'node:crypto';
import { chatChannelForMint, REALTIME_PATH, ZRealtimeEvent } from '@mintcast/contracts';
import pg from 'pg';
import { parseEther } from 'viem';
import { WebSocket } from 'ws';
import { buildApp } from '../../apps/server/src/app.ts';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/env.ts';
import { startRpcCounter } from '../../apps/server/test/support/rpc-counter.ts';
import {
  artifacts,
  deployDex,
  fundedWallet,
  gasWithMargin,
  startAnvil,
} from '../../packages/chain-testkit/src/index.ts';
import { printMachineLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';
import { ms, report } from '../support/report.ts';

printMachineLoad();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BLOCK_MS = 750;
// The shipped default (TRADE_ALERT_POLL_MS).
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const chain = await startAnvil();
const dex = await deployDex(chain);
const rpc = await startRpcCounter(chain.rpcUrl);
await chain.testClient.setAutomine(false);
/** When each block was mined (the bench's mine call returned), by number. */
const minedAt = new Map<bigint, number>();
let mining = true;
const mineLoop = (async () => {
  while (mining) {
    const due = performance.now() + BLOCK_MS;
    await chain.testClient.mine({ blocks: 1 });
    minedAt.set(await chain.publicClient.getBlockNumber({ cacheTime: 0 }), performance.now());
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
})();

const openDb = async (kind: 'pglite' | 'postgres', schema: string): Promise<DatabaseHandle> =>
  kind === 'pglite'
    ? openDatabase({ kind: 'pglite', dataDir: undefined })
    : openDatabase({ kind: 'postgres', url: PG_URL, schema });

const scenario = async (viewers: number, instances: number) => {
  const kind = instances > 1 ? 'postgres' : 'pglite';
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MARKET_REFRESH_INTERVAL_MS: '0',
    BSC_RPC_URL: rpc.url,
    PANCAKE_ROUTER_ADDRESS: dex.router,
    PANCAKE_FACTORY_ADDRESS: dex.factory,
    WBNB_ADDRESS: dex.wbnb,
    TRADE_ALERT_POLL_MS: String(POLL_MS),
  });
  const handles: DatabaseHandle[] = [];
  const apps = [];
  for (let i = 0; i < instances; i++) {
    const database = await openDb(kind, schema);
    handles.push(database);
    const app = await buildApp({
      config,
      database,
      rateLimitPerMinute: 1_000_000_000,
      nonceLimitPerMinute: 1_000_000_000,
      clientCaps: { socketsPerAddress: 1_000_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
  const mint = dex.token.toLowerCase();
  await handles[0]!.db
    .insertInto('streams')
    .values({ mint, name: 'Bench token', symbol: 'XSTRM', is_currently_live: true, num_participants: 0 })
    .onConflict((oc) => oc.column('mint').doUpdateSet({ is_currently_live: true }))
    .execute();

  // Viewers, spread over the instances.
  const arrivals = new Map<string, number[]>();
  const sockets: WebSocket[] = [];
  for (let v = 0; v < viewers; v++) {
    const app = apps[v % apps.length]!;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (data) => {
      const now = performance.now();
      const parsed: unknown = JSON.parse(data.toString());
      for (const raw of Array.isArray(parsed) ? parsed : [parsed]) {
        const e = ZRealtimeEvent.safeParse(raw);
        if (e.success && e.data.type === 'message_inserted' && e.data.message.trade) {
          const list = arrivals.get(e.data.message.trade.tx_hash) ?? [];
          list.push(now);
          arrivals.set(e.data.message.trade.tx_hash, list);
        }
      }
    });
    ws.send(JSON.stringify({ type: 'subscribe', channel: chatChannelForMint(mint) }));
    sockets.push(ws);
  }

  // Let the leader settle (pair read, first polls), then count for SECONDS while a trader buys every ~3 s.
  await new Promise((r) => setTimeout(r, 3_000));
  rpc.reset();
  const started = performance.now();
  const trader = await fundedWallet(chain, '1000');
  const hashes: `0x${string}`[] = [];
  while (performance.now() - started < SECONDS * 1000) {
    const call = {
      address: dex.router,
      abi: artifacts.router.abi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [dex.wbnb, dex.token], trader.address, 2n ** 40n],
      value: parseEther('0.2'),
    } as const;
    hashes.push(
      await trader.client.writeContract({ ...call, gas: await gasWithMargin(chain, trader.address, call) }),
    );
    await new Promise((r) => setTimeout(r, 3_000));
  }
  const elapsedMin = (performance.now() - started) / 60_000;
  const calls = rpc.total();
  const byMethod = ['eth_blockNumber', 'eth_getLogs', 'eth_getTransactionByHash', 'eth_call', 'eth_chainId']
    .map((m) => `${m.replace('eth_', '')} ${rpc.count(m)}`)
    .join(', ');
  await new Promise((r) => setTimeout(r, 3_000)); // the last alerts arrive

  const latencies: number[] = [];
  let missing = 0;
  for (const hash of hashes) {
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    const at = minedAt.get(receipt.blockNumber);
    const got = arrivals.get(hash.toLowerCase()) ?? [];
    if (got.length < viewers) missing += viewers - got.length;
    if (at !== undefined) for (const t of got) latencies.push(t - at);
  }
  for (const ws of sockets) ws.terminate();
  for (const app of apps) await app.close();
  for (const h of handles) await h.close();
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
  return {
    label: `${viewers} viewers, ${instances} instance(s)`,
    perMinute: calls / elapsedMin,
    byMethod,
    swaps: hashes.length,
    missing,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
};

const rows: [string, string][] = [
  ['poll interval / block time', `${POLL_MS} ms / ${BLOCK_MS} ms (anvil, automine off)`],
  ['window per scenario', `${SECONDS} s, one 0.2 BNB buy every ~3 s`],
];
const only = process.env.BENCH_SCENARIOS?.split(',');
for (const [v, i] of [
  [10, 1],
  [1_000, 1],
  [10, 2],
  [1_000, 2],
  [100, 1],
  [100, 2],
] as const) {
  if (only && !only.includes(`${v}x${i}`)) continue;
  const r = await scenario(v, i);
  console.log(r);
  rows.push([
    r.label,
    `${r.perMinute.toFixed(1)} RPC calls/min (${r.byMethod}); ${r.swaps} swaps; block → alert p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ${r.missing} alert deliveries missing`,
  ]);
}
report('Trade alerts: RPC calls and block → alert latency', 'npx tsx bench/chain/trade-alerts.ts', rows);

mining = false;
await mineLoop;
await rpc.close();
await chain.stop();

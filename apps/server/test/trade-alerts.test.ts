import {
  artifacts,
  type DexDeployment,
  deployDex,
  type FundedWallet,
  fundedWallet,
  gasWithMargin,
  type LocalChain,
  startAnvil,
} from '@mintcast/chain-testkit';
import {
  BSC_MAINNET,
  chatChannelForMint,
  type TRealtimeEvent,
  ZChatHistory,
  ZChatMessage,
  ZTradeAlertCockpit,
  ZTradeAlertStatus,
} from '@mintcast/contracts';
import { type Address, erc20Abi, type Hash, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import {
  connectRealtime,
  eventually,
  INSTANCE_COUNT,
  type Instances,
  startInstances,
} from './support/multi-instance.ts';
import { startRpcCounter } from './support/rpc-counter.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

let chain: LocalChain;
let dex: DexDeployment;
let rpc: Awaited<ReturnType<typeof startRpcCounter>>;
let inst: Instances;
beforeAll(async () => {
  chain = await startAnvil();
  dex = await deployDex(chain);
  rpc = await startRpcCounter(chain.rpcUrl);
  inst = await startInstances(INSTANCE_COUNT, {
    chain: {
      ...BSC_MAINNET,
      rpcUrl: rpc.url,
      publicRpcUrl: chain.rpcUrl,
      router: dex.router,
      factory: dex.factory,
      wbnb: dex.wbnb,
      tipConfirmations: 1,
      tradeAlertPollMs: 100,
    },
  });
}, 120_000);
afterAll(async () => {
  await inst?.close();
  await rpc?.close();
  await chain?.stop();
});

const first = () => inst.apps[0]!.app;
const last = () => inst.apps[inst.apps.length - 1]!.app;
const deadline = 2n ** 40n;

const buy = async (w: FundedWallet, token: Address, bnb: string): Promise<Hash> => {
  const call = {
    address: dex.router,
    abi: artifacts.router.abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [dex.wbnb, token], w.address, deadline],
    value: parseEther(bnb),
  } as const;
  const hash = await w.client.writeContract({ ...call, gas: await gasWithMargin(chain, w.address, call) });
  expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  return hash;
};

const sellAll = async (w: FundedWallet, token: Address): Promise<Hash> => {
  const balance = await chain.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [w.address],
  });
  const approve = await w.client.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [dex.router, balance],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash: approve });
  const call = {
    address: dex.router,
    abi: artifacts.router.abi,
    functionName: 'swapExactTokensForETH',
    args: [balance, 0n, [token, dex.wbnb], w.address, deadline],
  } as const;
  const hash = await w.client.writeContract({ ...call, gas: await gasWithMargin(chain, w.address, call) });
  expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  return hash;
};

const isAlertFor =
  (hash: string) =>
  (e: TRealtimeEvent): e is Extract<TRealtimeEvent, { type: 'message_inserted' }> =>
    e.type === 'message_inserted' && e.message.trade?.tx_hash === hash.toLowerCase();

const status = async (mint: string) =>
  ZTradeAlertStatus.parse(
    (await last().inject({ method: 'GET', url: `/api/streams/${mint}/trade-alerts/status` })).json(),
  ).state;

const watchers = async (mint: string) => {
  const sockets = [];
  for (const url of [inst.urls[0]!, inst.urls[inst.urls.length - 1]!]) {
    const s = await connectRealtime(url);
    s.send({ type: 'subscribe', channel: chatChannelForMint(mint) });
    await s.waitFor((e) => e.type === 'subscribed');
    sockets.push(s);
  }
  return sockets;
};

describe(`buy and sell alerts from a local chain (${databaseKind()}, ${INSTANCE_COUNT} instance(s))`, () => {
  let creator: SignedIn;
  let mint: string;
  beforeAll(async () => {
    creator = await signIn(first());
    mint = dex.token.toLowerCase();
    await createStream(inst.apps[0]!.database.db, {
      mint,
      symbol: 'XSTRM',
      creator_address: creator.address,
      is_currently_live: true,
    });
    await eventually(async () => (await status(mint)) === 'watching', 20_000);
  }, 60_000);

  it("posts a swap above the threshold into two viewers' chats on two instances, a bigger one as a whale", async () => {
    const [a, b] = await watchers(mint);
    const trader = await fundedWallet(chain, '50');
    const small = await buy(trader, dex.token, '0.01'); // below the 0.05 BNB default threshold
    const hash = await buy(trader, dex.token, '0.2');
    const seenA = await a!.waitFor(isAlertFor(hash), 20_000);
    const seenB = await b!.waitFor(isAlertFor(hash), 20_000);
    expect(seenB.message.id).toBe(seenA.message.id);
    expect(seenA.message.trade).toEqual({
      side: 'buy',
      bnb_wei: parseEther('0.2').toString(),
      tx_hash: hash.toLowerCase(),
      trader: trader.address.toLowerCase(),
      symbol: 'XSTRM',
      whale: false,
      from_stream: false,
      removed: false,
    });
    expect(seenA.message.content).toBe(
      `${trader.address.toLowerCase().slice(0, 4)}…${trader.address.toLowerCase().slice(-2)} bought 0.2 BNB of $XSTRM`,
    );
    // The small buy came in an earlier block: it was read and left out.
    expect(a!.events.some(isAlertFor(small))).toBe(false);

    const whale = await buy(trader, dex.token, '1');
    expect((await b!.waitFor(isAlertFor(whale), 20_000)).message.trade).toMatchObject({
      whale: true,
      side: 'buy',
    });

    const sell = await sellAll(trader, dex.token);
    const sold = await a!.waitFor(isAlertFor(sell), 20_000);
    expect(sold.message.trade).toMatchObject({ side: 'sell', whale: true });
    expect(sold.message.content).toMatch(/ sold [\d.]+ BNB of \$XSTRM$/);
    for (const s of [a, b]) s!.ws.close();
  }, 120_000);

  it('never posts a log twice although every poll reads the last blocks again', async () => {
    const [a] = await watchers(mint);
    const trader = await fundedWallet(chain);
    const hash = await buy(trader, dex.token, '0.1');
    await a!.waitFor(isAlertFor(hash), 20_000);
    // The re-read window is 12 blocks: mine past it while the watcher polls, then count.
    for (let i = 0; i < 14; i++) await chain.testClient.mine({ blocks: 1 });
    const marker = await buy(trader, dex.token, '0.1');
    await a!.waitFor(isAlertFor(marker), 20_000);
    expect(a!.events.filter(isAlertFor(hash))).toHaveLength(1);
    const history = ZChatHistory.parse(
      (await last().inject({ method: 'GET', url: `/api/streams/${mint}/messages?limit=100` })).json(),
    );
    expect(history.items.filter((m) => m.trade?.tx_hash === hash.toLowerCase())).toHaveLength(1);
    a!.ws.close();
  }, 120_000);

  it('marks the line of a swap a reorg dropped as removed, and never posts it again', async () => {
    const [a] = await watchers(mint);
    const trader = await fundedWallet(chain);
    const snapshot = await chain.testClient.snapshot();
    const hash = await buy(trader, dex.token, '0.3');
    const posted = await a!.waitFor(isAlertFor(hash), 20_000);
    expect(posted.message.trade?.removed).toBe(false);
    await chain.testClient.revert({ id: snapshot });
    await chain.testClient.mine({ blocks: 2 });
    const removed = await a!.waitFor(
      (e) => isAlertFor(hash)(e) && e.message.trade?.removed === true && e.message.id === posted.message.id,
      20_000,
    );
    expect(removed.type).toBe('message_inserted');
    const marker = await buy(await fundedWallet(chain), dex.token, '0.1');
    await a!.waitFor(isAlertFor(marker), 20_000);
    const history = ZChatHistory.parse(
      (await first().inject({ method: 'GET', url: `/api/streams/${mint}/messages?limit=100` })).json(),
    );
    const lines = history.items.filter((m) => m.trade?.tx_hash === hash.toLowerCase());
    expect(lines).toHaveLength(1);
    expect(lines[0]?.trade?.removed).toBe(true);
    a!.ws.close();
  }, 120_000);

  it('marks a trade the stream page reported "from this stream" and counts it in the cockpit', async () => {
    const [a] = await watchers(mint);
    const w = await fundedWallet(chain);
    const session = await signIn(last(), { privateKey: w.privateKey });
    const before = ZTradeAlertCockpit.parse(
      (
        await first().inject({
          method: 'GET',
          url: `/api/streams/${mint}/trade-alerts`,
          headers: creator.headers,
        })
      ).json(),
    );
    const hash = await buy(w, dex.token, '0.25');
    const res = await last().inject({
      method: 'POST',
      url: `/api/streams/${mint}/trades`,
      headers: session.headers,
      payload: { tx_hash: hash },
    });
    expect(res.statusCode, res.body).toBe(204);
    // Whether the watcher saw it before or after the report, the line ends up marked.
    await a!.waitFor((e) => isAlertFor(hash)(e) && e.message.trade?.from_stream === true, 20_000);
    // A small one from the page counts in the volume without a line.
    const small = await buy(w, dex.token, '0.01');
    await last().inject({
      method: 'POST',
      url: `/api/streams/${mint}/trades`,
      headers: session.headers,
      payload: { tx_hash: small },
    });
    await eventually(async () => {
      const c = ZTradeAlertCockpit.parse(
        (
          await first().inject({
            method: 'GET',
            url: `/api/streams/${mint}/trade-alerts`,
            headers: creator.headers,
          })
        ).json(),
      );
      return (
        c.page_trades === before.page_trades + 2 &&
        BigInt(c.page_volume_wei) - BigInt(before.page_volume_wei) === parseEther('0.26')
      );
    }, 20_000);
    // Someone else's hash reported as their own does not count.
    const other = await signIn(last());
    const theirs = await buy(await fundedWallet(chain), dex.token, '0.2');
    await last().inject({
      method: 'POST',
      url: `/api/streams/${mint}/trades`,
      headers: other.headers,
      payload: { tx_hash: theirs },
    });
    const line = await a!.waitFor(isAlertFor(theirs), 20_000);
    expect(line.message.trade?.from_stream).toBe(false);
    a!.ws.close();
  }, 120_000);

  it("takes the creator's threshold, refuses one out of range (400) and anyone else (403)", async () => {
    const put = (who: SignedIn, payload: Record<string, unknown>) =>
      first().inject({
        method: 'PUT',
        url: `/api/streams/${mint}/trade-alerts`,
        headers: who.headers,
        payload,
      });
    for (const bad of [
      { enabled: true, min_wei: '1', whale_wei: null },
      { enabled: true, min_wei: parseEther('20000').toString(), whale_wei: null },
      { enabled: true, min_wei: parseEther('1').toString(), whale_wei: parseEther('0.5').toString() },
      { enabled: true, min_wei: '-5', whale_wei: null },
      { enabled: 'yes', min_wei: parseEther('1').toString(), whale_wei: null },
    ])
      expect((await put(creator, bad)).statusCode).toBe(400);
    expect(
      (
        await put(await signIn(first()), {
          enabled: true,
          min_wei: parseEther('1').toString(),
          whale_wei: null,
        })
      ).statusCode,
    ).toBe(403);

    const ok = await put(creator, {
      enabled: true,
      min_wei: parseEther('0.5').toString(),
      whale_wei: parseEther('2').toString(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ZTradeAlertCockpit.parse(ok.json()).settings).toEqual({
      enabled: true,
      min_wei: parseEther('0.5').toString(),
      whale_wei: parseEther('2').toString(),
    });
    const [a] = await watchers(mint);
    const trader = await fundedWallet(chain, '20');
    const under = await buy(trader, dex.token, '0.3');
    const over = await buy(trader, dex.token, '0.6');
    const seen = await a!.waitFor(isAlertFor(over), 20_000);
    expect(seen.message.trade?.whale).toBe(false);
    expect(a!.events.some(isAlertFor(under))).toBe(false);

    const off = await put(creator, {
      enabled: false,
      min_wei: parseEther('0.5').toString(),
      whale_wei: null,
    });
    expect(ZTradeAlertCockpit.parse(off.json()).state).toBe('off');
    expect(await status(mint)).toBe('off');
    await put(creator, { enabled: true, min_wei: parseEther('0.05').toString(), whale_wei: null });
    const after = await buy(trader, dex.token, '0.1');
    await a!.waitFor(isAlertFor(after), 20_000);
    a!.ws.close();
  }, 120_000);

  it('pauses while the chain node is down, says so, keeps the chat working, and resumes', async () => {
    rpc.setDown(true);
    try {
      await eventually(async () => (await status(mint)) === 'paused', 20_000);
      const viewer = await signIn(last());
      const chat = await last().inject({
        method: 'POST',
        url: `/api/streams/${mint}/messages`,
        headers: viewer.headers,
        payload: { content: 'still chatting' },
      });
      expect(chat.statusCode, chat.body).toBe(201);
      expect(ZChatMessage.parse(chat.json()).trade ?? null).toBeNull();
      const cockpit = await first().inject({
        method: 'GET',
        url: `/api/streams/${mint}/trade-alerts`,
        headers: creator.headers,
      });
      expect(cockpit.statusCode).toBe(200);
      expect(ZTradeAlertCockpit.parse(cockpit.json()).state).toBe('paused');
    } finally {
      rpc.setDown(false);
    }
    const [a] = await watchers(mint);
    const trader = await fundedWallet(chain);
    const hash = await buy(trader, dex.token, '0.2');
    await a!.waitFor(isAlertFor(hash), 20_000);
    await eventually(async () => (await status(mint)) === 'watching', 20_000);
    a!.ws.close();
  }, 120_000);

  it('says "no pair" for a live token without a PancakeSwap pair, quietly', async () => {
    const s = await createStream(inst.apps[0]!.database.db, {
      mint: dex.unpairedToken.toLowerCase(),
      is_currently_live: true,
    });
    await eventually(async () => (await status(s.mint)) === 'no_pair', 20_000);
    expect(
      (await last().inject({ method: 'GET', url: `/api/streams/0x${'1'.repeat(40)}/trade-alerts/status` }))
        .statusCode,
    ).toBe(404);
  }, 60_000);
});

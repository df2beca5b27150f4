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
  chatChannelForMint,
  TIP_ERROR_CODES,
  ZApiError,
  ZChatHistory,
  ZChatMessage,
  ZTipList,
  ZTipTotal,
} from '@mintcast/contracts';
import { erc20Abi, type Hash, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainReader } from '../src/chain/chain-reader.ts';
import { createHoldersService } from '../src/chain/holders.service.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

// One anvil and one app for the file: every case below sends its own transactions on the shared chain.
let chain: LocalChain;
let dex: DexDeployment;
let t: TestApp;
let url: string;
beforeAll(async () => {
  chain = await startAnvil();
  dex = await deployDex(chain);
  t = await createTestApp({
    chain: {
      rpcUrl: chain.rpcUrl,
      explorerUrl: 'https://bscscan.com',
      router: dex.router,
      factory: dex.factory,
      wbnb: dex.wbnb,
      tipConfirmations: 2,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/realtime`;
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const mined = async (hash: Hash) => {
  await chain.publicClient.waitForTransactionReceipt({ hash });
  return hash;
};
/** A wallet with BNB, signed in to the app with the same key. */
const viewer = async (): Promise<FundedWallet & { session: SignedIn }> => {
  const w = await fundedWallet(chain);
  return { ...w, session: await signIn(t.app, { privateKey: w.privateKey }) };
};
const send = (w: FundedWallet, to: string, bnb: string) =>
  w.client.sendTransaction({ to: to as `0x${string}`, value: parseEther(bnb) }).then(mined);
const postTip = (mint: string, who: SignedIn, txHash: string, message?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/tips`,
    headers: who.headers,
    payload: { txHash, ...(message === undefined ? {} : { message }) },
  });
const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;
const streamOf = async (creator: string) =>
  createStream(t.database.db, { creator_address: creator.toLowerCase() });

describe(`tips verified on a local chain (${databaseKind()})`, () => {
  it('turns a confirmed transfer to the creator into a live, highlighted chat message and counts it', async () => {
    const creator = await fundedWallet(chain);
    const s = await streamOf(creator.address);
    const fan = await viewer();
    const socket = await connectRealtime(url);
    const channel = chatChannelForMint(s.mint);
    socket.send({ type: 'subscribe', channel });
    await socket.waitFor((e) => e.type === 'subscribed');

    const hash = await send(fan, creator.address, '0.25');
    const early = await postTip(s.mint, fan.session, hash, '  great call on that entry  ');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: TIP_ERROR_CODES.unconfirmed });
    expect(errorOf(early).message).toMatch(/1 of 2/);
    expect(errorOf(early).details).toEqual({ confirmations: 1, required: 2 });

    await chain.testClient.mine({ blocks: 1 });
    const res = await postTip(s.mint, fan.session, hash, '  great call on that entry  ');
    expect(res.statusCode, res.body).toBe(201);
    const message = ZChatMessage.parse(res.json());
    expect(message).toMatchObject({
      user_address: fan.session.address,
      content: 'great call on that entry',
      tip: { amount_wei: parseEther('0.25').toString(), tx_hash: hash.toLowerCase() },
    });
    const live = await socket.waitFor((e) => e.type === 'message_inserted' && e.message.id === message.id);
    expect(live).toMatchObject({ channel, message: { tip: message.tip } });
    socket.ws.close();

    const history = ZChatHistory.parse(
      (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/messages` })).json(),
    );
    expect(history.items[0]?.tip).toEqual(message.tip);
    const total = ZTipTotal.parse(
      (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips` })).json(),
    );
    expect(total).toEqual({ count: 1, totalWei: parseEther('0.25').toString() });

    const replay = await postTip(s.mint, fan.session, hash);
    expect(replay.statusCode).toBe(409);
    expect(errorOf(replay).code).toBe(TIP_ERROR_CODES.replayed);
    const other = await viewer();
    const elsewhere = await streamOf(creator.address);
    expect(errorOf(await postTip(elsewhere.mint, other.session, hash)).code).toBe(TIP_ERROR_CODES.replayed);
    expect(
      ZTipTotal.parse((await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips` })).json())
        .count,
    ).toBe(1);
  });

  it("lists each tip for the stream's creator only: sender, amount and message, newest first", async () => {
    const creator = await fundedWallet(chain);
    const creatorSession = await signIn(t.app, { privateKey: creator.privateKey });
    const s = await streamOf(creator.address);
    const [first, second] = [await viewer(), await viewer()];
    const a = await send(first, creator.address, '0.1');
    const b = await send(second, creator.address, '0.02');
    await chain.testClient.mine({ blocks: 2 });
    expect((await postTip(s.mint, first.session, a, 'first!')).statusCode).toBe(201);
    const later = await postTip(s.mint, second.session, b);
    expect(later.statusCode).toBe(201);
    const received = (who?: SignedIn, mint = s.mint) =>
      t.app.inject({
        method: 'GET',
        url: `/api/streams/${mint}/tips/received`,
        ...(who ? { headers: who.headers } : {}),
      });

    const res = await received(creatorSession);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(ZTipList.parse(res.json()).items).toMatchObject([
      { from_address: second.session.address, amount_wei: parseEther('0.02').toString(), message: '' },
      { from_address: first.session.address, amount_wei: parseEther('0.1').toString(), message: 'first!' },
    ]);

    // The host deletes the first tip's chat line: the tip stays listed (and counted), without its text.
    const history = ZChatHistory.parse(
      (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/messages` })).json(),
    );
    const id = history.items.find((m) => m.tip?.tx_hash === a.toLowerCase())?.id;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/streams/${s.mint}/messages/${id}`,
      headers: creatorSession.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = ZTipList.parse((await received(creatorSession)).json()).items;
    expect(after.map((i) => [i.tx_hash, i.message])).toEqual([
      [b.toLowerCase(), ''],
      [a.toLowerCase(), null],
    ]);

    expect((await received()).statusCode).toBe(401);
    expect((await received(first.session)).statusCode).toBe(403);
    expect((await received(creatorSession, randomAddress())).statusCode).toBe(404);
  });

  it('refuses forged tips with a clear error, and counts none of them', async () => {
    const creator = await fundedWallet(chain);
    const s = await streamOf(creator.address);
    const fan = await viewer();
    const someoneElse = await viewer();

    const theirs = await send(someoneElse, creator.address, '0.1');
    const toOther = await send(fan, randomAddress(), '0.1');
    // BNB sent to a token contract reverts (no payable fallback); the gas is set so the wallet still sends it.
    const failed = await mined(
      await fan.client.sendTransaction({ to: dex.token, value: parseEther('0.1'), gas: 100_000n }),
    );
    const empty = await send(fan, creator.address, '0');
    await chain.testClient.mine({ blocks: 2 });

    const cases: [string, number, string][] = [
      [theirs, 403, TIP_ERROR_CODES.wrongSender],
      [toOther, 422, TIP_ERROR_CODES.wrongRecipient],
      [failed, 422, TIP_ERROR_CODES.failed],
      [empty, 422, TIP_ERROR_CODES.noValue],
      [`0x${'ab'.repeat(32)}`, 404, TIP_ERROR_CODES.notFound],
    ];
    for (const [hash, status, code] of cases) {
      const res = await postTip(s.mint, fan.session, hash);
      expect(res.statusCode, code).toBe(status);
      expect(errorOf(res).code).toBe(code);
      expect(errorOf(res).message.length).toBeGreaterThan(10);
    }
    expect(
      ZTipTotal.parse((await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips` })).json()),
    ).toEqual({
      count: 0,
      totalWei: '0',
    });
  });

  it('validates the request: signed in, a real hash, a message of at most 140 characters', async () => {
    const creator = await fundedWallet(chain);
    const s = await streamOf(creator.address);
    const fan = await viewer();
    const noSession = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${s.mint}/tips`,
      payload: { txHash: `0x${'1'.repeat(64)}` },
    });
    expect(noSession.statusCode).toBe(401);
    for (const payload of [
      { txHash: 'nope' },
      { txHash: `0x${'1'.repeat(64)}`, message: 'x'.repeat(141) },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/streams/${s.mint}/tips`,
        headers: fan.session.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('invalid_request');
    }
    const unknownStream = await postTip(randomAddress(), fan.session, `0x${'1'.repeat(64)}`);
    expect(unknownStream.statusCode).toBe(404);
    const noCreator = await createStream(t.database.db, { creator_address: null });
    expect(errorOf(await postTip(noCreator.mint, fan.session, `0x${'1'.repeat(64)}`)).code).toBe(
      TIP_ERROR_CODES.noCreator,
    );
  });

  it('gives holder badges from balances read on chain, cached per wallet and token', async () => {
    const creator = await fundedWallet(chain);
    const s = await createStream(t.database.db, {
      mint: dex.token.toLowerCase(),
      creator_address: creator.address.toLowerCase(),
    });
    const holder = await fundedWallet(chain);
    const buyCall = {
      address: dex.router,
      abi: artifacts.router.abi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [dex.wbnb, dex.token], holder.address, 2n ** 40n],
      value: parseEther('0.5'),
    } as const;
    const buy = await holder.client.writeContract({
      ...buyCall,
      gas: await gasWithMargin(chain, holder.address, buyCall),
    });
    await mined(buy);
    const nobody = randomAddress();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/streams/${s.mint}/holders?addresses=${holder.address},${nobody}`,
    });
    expect(res.json()).toEqual({ holders: [holder.address.toLowerCase()] });
    const bad = await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/holders?addresses=nope` });
    expect(bad.statusCode).toBe(400);

    // The cache: a wallet that sold everything keeps its badge until the entry expires, then loses it.
    let now = 0;
    const holders = createHoldersService(createChainReader(chain.rpcUrl), { now: () => now, ttlMs: 60_000 });
    const me = holder.address.toLowerCase();
    expect(await holders.holdersAmong(s.mint, [me])).toEqual([me]);
    const balance = await chain.publicClient.readContract({
      address: dex.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder.address],
    });
    await mined(
      await holder.client.writeContract({
        address: dex.token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [creator.address, balance],
      }),
    );
    now = 59_999;
    expect(await holders.holdersAmong(s.mint, [me])).toEqual([me]);
    now = 60_000;
    expect(await holders.holdersAmong(s.mint, [me])).toEqual([]);
  });

  it('answers 503 chain_unavailable when the RPC cannot be reached', async () => {
    const down = await createTestApp({}, { database: t.database });
    try {
      const creator = await fundedWallet(chain);
      const s = await streamOf(creator.address);
      const me = await signIn(down.app);
      const res = await down.app.inject({
        method: 'POST',
        url: `/api/streams/${s.mint}/tips`,
        headers: me.headers,
        payload: { txHash: `0x${'2'.repeat(64)}` },
      });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).code).toBe(TIP_ERROR_CODES.chainUnavailable);
      const holders = await down.app.inject({
        method: 'GET',
        url: `/api/streams/${s.mint}/holders?addresses=${me.address}`,
      });
      expect(holders.json()).toEqual({ holders: [] });
    } finally {
      await down.app.close();
    }
  });
});

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
  ZTipGoalState,
  ZTipLeaderboard,
  ZTipList,
  ZTipTotal,
} from '@mintcast/contracts';
import { erc20Abi, type Hash, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainReader } from '../src/chain/chain-reader.ts';
import { createHoldersService, HOLDERS_RPC_BUDGET_DEFAULT } from '../src/chain/holders.service.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime } from './support/multi-instance.ts';
import { startRpcCounter } from './support/rpc-counter.ts';
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
      publicRpcUrl: chain.rpcUrl,
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
const postChat = (mint: string, who: SignedIn, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/messages`,
    headers: who.headers,
    payload: { content },
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

  it("leaves a creator's tip to their own wallet out of the public total", async () => {
    const creator = await viewer();
    const s = await streamOf(creator.address);
    const fan = await viewer();
    const own = await send(creator, creator.address, '5');
    const real = await send(fan, creator.address, '0.1');
    await chain.testClient.mine({ blocks: 2 });
    // The message still shows as a tip in chat; only the public figure ignores it.
    expect((await postTip(s.mint, creator.session, own, 'look how much I got')).statusCode).toBe(201);
    expect((await postTip(s.mint, fan.session, real)).statusCode).toBe(201);
    const total = ZTipTotal.parse(
      (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips` })).json(),
    );
    expect(total).toEqual({ count: 1, totalWei: parseEther('0.1').toString() });
  });

  it('ranks the top tippers of this broadcast and of all time, self-tips left out', async () => {
    const creator = await viewer();
    const s = await streamOf(creator.address);
    const [a, b] = [await viewer(), await viewer()];
    const a1 = await send(a, creator.address, '0.1');
    const a2 = await send(a, creator.address, '0.2');
    const own = await send(creator, creator.address, '5');
    await chain.testClient.mine({ blocks: 2 });
    for (const [who, hash] of [
      [a, a1],
      [a, a2],
      [creator, own],
    ] as const)
      expect((await postTip(s.mint, who.session, hash)).statusCode).toBe(201);
    // A new broadcast starts: only what comes after it counts for "this broadcast".
    await t.database.db
      .updateTable('streams')
      .set({ last_live_started_at: new Date() })
      .where('mint', '=', s.mint)
      .execute();
    const b1 = await send(b, creator.address, '0.25');
    await chain.testClient.mine({ blocks: 2 });
    expect((await postTip(s.mint, b.session, b1)).statusCode).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips/leaderboard` });
    expect(res.statusCode).toBe(200);
    const board = ZTipLeaderboard.parse(res.json());
    const leader = (w: { address: string }, bnb: string, count: number) => ({
      address: w.address.toLowerCase(),
      username: null,
      total_wei: parseEther(bnb).toString(),
      count,
    });
    expect(board.allTime).toEqual([leader(a, '0.3', 2), leader(b, '0.25', 1)]);
    expect(board.broadcast).toEqual([leader(b, '0.25', 1)]);
  });

  it("the creator's tip goal counts the tips from the moment it is set; only the creator sets it", async () => {
    const creator = await viewer();
    const s = await streamOf(creator.address);
    const fan = await viewer();
    const goalOf = async () =>
      ZTipGoalState.parse(
        (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips/goal` })).json(),
      ).goal;
    const setGoal = (who: SignedIn, goal_wei: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/streams/${s.mint}/tips/goal`,
        headers: who.headers,
        payload: { goal_wei },
      });
    expect(await goalOf()).toBeNull();
    // A tip before the goal does not count toward it.
    const before = await send(fan, creator.address, '0.4');
    await chain.testClient.mine({ blocks: 2 });
    expect((await postTip(s.mint, fan.session, before)).statusCode).toBe(201);

    expect((await setGoal(fan.session, parseEther('1').toString())).statusCode).toBe(403);
    for (const bad of ['0', '-1', '1.5', 'abc', '1'.repeat(31), 5, ''])
      expect((await setGoal(creator.session, bad)).statusCode, String(bad)).toBe(400);
    const set = await setGoal(creator.session, parseEther('1').toString());
    expect(set.statusCode, set.body).toBe(200);
    expect(ZTipGoalState.parse(set.json()).goal).toMatchObject({
      goal_wei: parseEther('1').toString(),
      raised_wei: '0',
    });

    const after = await send(fan, creator.address, '0.25');
    const own = await send(creator, creator.address, '3');
    await chain.testClient.mine({ blocks: 2 });
    expect((await postTip(s.mint, fan.session, after)).statusCode).toBe(201);
    expect((await postTip(s.mint, creator.session, own)).statusCode).toBe(201);
    expect(await goalOf()).toMatchObject({ raised_wei: parseEther('0.25').toString() });

    expect((await setGoal(creator.session, null)).statusCode).toBe(200);
    expect(await goalOf()).toBeNull();
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

  describe("a tip's message is a chat message: every chat sanction holds on the tip path", () => {
    /**
     * A stream, a funded signed-in fan and a confirmed 1-wei-ish transfer from the fan to the creator;
     * `sanction` puts the fan under one chat sanction. The tip is then claimed with `message`: the answer is
     * the refusal a chat post by the same fan gets (same status and code), the tip is still counted, and no
     * chat line is written for it.
     */
    const sanctioned = async (
      sanction: (mint: string, fan: SignedIn) => Promise<void>,
      expected: { status: number; code: string },
      message = 'gm from the tip jar',
    ) => {
      const creator = await fundedWallet(chain);
      const s = await streamOf(creator.address);
      const fan = await viewer();
      const hash = await send(fan, creator.address, '0.000000000000000001');
      await chain.testClient.mine({ blocks: 2 });
      await sanction(s.mint, fan.session);
      const linesBefore = ZChatHistory.parse(
        (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/messages` })).json(),
      ).items.length;

      const asChat = await postChat(s.mint, fan.session, message);
      expect(asChat.statusCode, asChat.body).toBe(expected.status);
      expect(errorOf(asChat).code).toBe(expected.code);

      const res = await postTip(s.mint, fan.session, hash, message);
      expect(res.statusCode, res.body).toBe(expected.status);
      expect(errorOf(res).code).toBe(expected.code);
      expect(errorOf(res).message).toMatch(/Your tip was counted, without its message\.$/);
      // The money was sent: the tip counts; its line is not in the chat.
      const total = ZTipTotal.parse(
        (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips` })).json(),
      );
      expect(total).toEqual({ count: 1, totalWei: '1' });
      const lines = ZChatHistory.parse(
        (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/messages` })).json(),
      ).items;
      expect(lines.filter((m) => m.tip)).toEqual([]);
      expect(lines.length).toBe(linesBefore);
      // The claim is spent: a replay is not a second way in.
      expect(errorOf(await postTip(s.mint, fan.session, hash, message)).code).toBe(TIP_ERROR_CODES.replayed);
    };
    const settings = (
      mint: string,
      values: { slow_mode_seconds?: number; followers_only?: boolean; banned_words?: string[] },
    ) =>
      t.database.db
        .insertInto('chat_settings')
        .values({ stream_id: mint, ...values })
        .onConflict((oc) => oc.column('stream_id').doUpdateSet(values))
        .execute();

    it('platform ban: 403 banned', async () => {
      await sanctioned(
        async (_mint, fan) => {
          await t.database.db
            .insertInto('platform_bans')
            .values({ address: fan.address, reason: 'test', banned_by: randomAddress() })
            .execute();
        },
        { status: 403, code: 'banned' },
      );
    });

    it('chat ban: 403 chat_banned', async () => {
      await sanctioned(
        async (mint, fan) => {
          await t.database.db
            .insertInto('chat_bans')
            .values({ stream_id: mint, user_address: fan.address, banned_by: randomAddress() })
            .execute();
        },
        { status: 403, code: 'chat_banned' },
      );
    });

    it('timeout: 403 muted', async () => {
      await sanctioned(
        async (mint, fan) => {
          await t.database.db
            .insertInto('chat_mutes')
            .values({
              stream_id: mint,
              user_address: fan.address,
              muted_until: new Date(Date.now() + 10 * 60_000),
              muted_by: randomAddress(),
            })
            .execute();
        },
        { status: 403, code: 'muted' },
      );
    });

    it('followers-only, not following: 403 followers_only', async () => {
      await sanctioned((mint) => settings(mint, { followers_only: true }).then(() => {}), {
        status: 403,
        code: 'followers_only',
      });
    });

    it('slow mode, right after a slow-mode refusal: 429 slow_mode', async () => {
      await sanctioned(
        async (mint, fan) => {
          await settings(mint, { slow_mode_seconds: 120 });
          expect((await postChat(mint, fan, 'first')).statusCode).toBe(201);
          expect(errorOf(await postChat(mint, fan, 'second')).code).toBe('slow_mode');
        },
        { status: 429, code: 'slow_mode' },
      );
    });

    it('banned word, disguised in fullwidth letters: 422 banned_word', async () => {
      await sanctioned(
        (mint) => settings(mint, { banned_words: ['scam'] }).then(() => {}),
        { status: 422, code: 'banned_word' },
        'this is a \uff53\uff43\uff41\uff4d',
      );
    });

    it('posting limit: 5 chat messages in a burst, then the tip line is 429 rate_limited', async () => {
      await sanctioned(
        async (mint, fan) => {
          for (let i = 0; i < 5; i++) expect((await postChat(mint, fan, `msg ${i}`)).statusCode).toBe(201);
        },
        { status: 429, code: 'rate_limited' },
      );
    });
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

  it('refuses to verify tips (and badges) from a node of another chain, and says which', async () => {
    const testnet = await startAnvil({ chainId: 97 });
    const wrong = await createTestApp(
      { chain: { ...t.app.ctx.config.chain, rpcUrl: testnet.rpcUrl } },
      { database: t.database },
    );
    try {
      const creator = await fundedWallet(testnet);
      const s = await streamOf(creator.address);
      const fan = await fundedWallet(testnet);
      const session = await signIn(wrong.app, { privateKey: fan.privateKey });
      const hash = await fan.client.sendTransaction({ to: creator.address, value: parseEther('1') });
      await testnet.publicClient.waitForTransactionReceipt({ hash });
      await testnet.testClient.mine({ blocks: 3 });
      const res = await wrong.app.inject({
        method: 'POST',
        url: `/api/streams/${s.mint}/tips`,
        headers: session.headers,
        payload: { txHash: hash },
      });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).code).toBe(TIP_ERROR_CODES.chainUnavailable);
      expect(errorOf(res).message).toMatch(/chain 97, not BNB Smart Chain \(56\)/);
      const total = await wrong.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/tips` });
      expect(ZTipTotal.parse(total.json())).toEqual({ count: 0, totalWei: '0' });
      const holders = await wrong.app.inject({
        method: 'GET',
        url: `/api/streams/${s.mint}/holders?addresses=${fan.address}`,
      });
      expect(holders.json()).toEqual({ holders: [] });
      // The same transfer is refused however often it is claimed: the mismatch is kept, not retried into a pass.
      await expect(createChainReader(testnet.rpcUrl).verifyChain()).rejects.toThrow(/chain 97/);
    } finally {
      await wrong.app.close();
      await testnet.stop();
    }
  });

  it("publishes the browsers' RPC in /api/config, never the server's own", async () => {
    const secret = 'https://bsc.provider.example/v1/secret-key-123';
    const app = await createTestApp(
      {
        chain: {
          ...t.app.ctx.config.chain,
          rpcUrl: secret,
          publicRpcUrl: 'https://bsc-dataseed.bnbchain.org',
        },
      },
      { database: t.database },
    );
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json().chain.rpcUrl).toBe('https://bsc-dataseed.bnbchain.org');
      expect(res.body).not.toContain('secret-key-123');
      expect(res.body).not.toContain('provider.example');
      const page = await app.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(page.headers['content-security-policy'])).not.toContain('provider.example');
    } finally {
      await app.app.close();
    }
  });

  it('bounds what holder lookups cost the RPC: one multicall per request, cached (failures too), a global budget', async () => {
    const counter = await startRpcCounter(chain.rpcUrl);
    // A stopped clock: the budget never refills during the test, and cache entries never expire.
    const app = await createTestApp(
      { chain: { ...t.app.ctx.config.chain, rpcUrl: counter.url } },
      { database: t.database, now: () => 1_000_000 },
    );
    try {
      const token = dex.token.toLowerCase();
      const ask = (wallets: string[]) =>
        app.app.inject({
          method: 'GET',
          url: `/api/streams/${token}/holders?addresses=${wallets.join(',')}`,
        });
      const hundred = () => Array.from({ length: 100 }, () => randomAddress());
      const first = hundred();
      counter.reset();
      const res = await ask(first);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ holders: [] });
      // 100 addresses: one eth_call (was ~132), plus at most the one-time chain id check.
      expect(counter.count('eth_call')).toBe(1);
      expect(counter.total()).toBeLessThanOrEqual(2);

      counter.reset();
      for (let i = 0; i < 20; i++) expect((await ask(first)).statusCode).toBe(200);
      expect(counter.total()).toBe(0);

      // A node that fails: the failure is remembered too, so asking again costs nothing.
      counter.setDown(true);
      const second = hundred();
      counter.reset();
      expect((await ask(second)).json()).toEqual({ holders: [] });
      const failedCalls = counter.total();
      expect(failedCalls).toBeGreaterThan(0);
      expect(failedCalls).toBeLessThanOrEqual(2); // viem's one retry
      counter.reset();
      for (let i = 0; i < 20; i++) await ask(second);
      expect(counter.total()).toBe(0);
      counter.setDown(false);

      // Fresh addresses on every request: the global budget caps the calls, whatever clients send.
      counter.reset();
      for (let i = 0; i < HOLDERS_RPC_BUDGET_DEFAULT.calls + 10; i++)
        expect((await ask(hundred())).statusCode).toBe(200);
      expect(counter.count('eth_call')).toBeLessThanOrEqual(HOLDERS_RPC_BUDGET_DEFAULT.calls);

      // ...and tips, verified through the same node, do not spend from it.
      const creator = await fundedWallet(chain);
      const s = await streamOf(creator.address);
      const fan = await fundedWallet(chain);
      const session = await signIn(app.app, { privateKey: fan.privateKey });
      const hash = await send(fan, creator.address, '0.01');
      await chain.testClient.mine({ blocks: 2 });
      const tip = await app.app.inject({
        method: 'POST',
        url: `/api/streams/${s.mint}/tips`,
        headers: session.headers,
        payload: { txHash: hash },
      });
      expect(tip.statusCode, tip.body).toBe(201);
    } finally {
      await app.close();
      await counter.close();
    }
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

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
  HOLDER_CACHE_MS,
  HOLDER_CHAT_ERRORS,
  REALTIME_PATH,
  type TRealtimeEvent,
  ZApiError,
  ZHolderChatSettings,
  ZHolders,
} from '@mintcast/contracts';
import { type Address, createWalletClient, erc20Abi, type Hash, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

// One anvil and one app (on an injected clock) for the file; every case makes its own stream, most on a token of
// their own deployed here, so balances of one case never leak into another.
let chain: LocalChain;
let dex: DexDeployment;
let t: TestApp;
let now = Date.now();
beforeAll(async () => {
  chain = await startAnvil();
  dex = await deployDex(chain);
  t = await createTestApp(
    {
      chain: {
        rpcUrl: chain.rpcUrl,
        publicRpcUrl: chain.rpcUrl,
        explorerUrl: 'https://bscscan.com',
        router: dex.router,
        factory: dex.factory,
        wbnb: dex.wbnb,
        tipConfirmations: 1,
      },
    },
    { now: () => now },
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const mined = async (hash: Hash) => {
  expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  return hash;
};
const deployerWallet = () =>
  createWalletClient({ account: dex.deployer, chain: chain.chain, transport: http(chain.rpcUrl) });
/** A fresh ERC-20 (18 decimals, 1,000,000,000 tokens, all the deployer's). */
const newToken = async (): Promise<Address> => {
  const hash = await deployerWallet().deployContract({
    abi: artifacts.erc20.abi,
    bytecode: artifacts.erc20.bytecode,
    args: [parseEther('1000000000')],
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
};
const give = async (token: Address, to: string, tokens: string) =>
  mined(
    await deployerWallet().writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Address, parseEther(tokens)],
    }),
  );
const buy = async (w: FundedWallet, token: Address, bnb: string): Promise<Hash> => {
  const call = {
    address: dex.router,
    abi: artifacts.router.abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [dex.wbnb, token], w.address, 2n ** 40n],
    value: parseEther(bnb),
  } as const;
  return mined(await w.client.writeContract({ ...call, gas: await gasWithMargin(chain, w.address, call) }));
};

const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;
const post = (mint: string, who: SignedIn, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/messages`,
    headers: who.headers,
    payload: { content },
  });
const setModes = (mint: string, who: SignedIn, holders_only: boolean, nonholder_slow_seconds: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/streams/${mint}/holder-chat/modes`,
    headers: who.headers,
    payload: { holders_only, nonholder_slow_seconds },
  });
const setTiers = (mint: string, who: SignedIn, tiers: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/streams/${mint}/holder-chat/tiers`,
    headers: who.headers,
    payload: { tiers },
  });
const streamOn = async (token: Address, creator: SignedIn, symbol = 'HODL') =>
  createStream(t.database.db, { mint: token.toLowerCase(), symbol, creator_address: creator.address });

describe(`holder-aware chat on a local chain (${databaseKind()})`, () => {
  it('holders only: refuses a wallet without the token, saying how to qualify, and accepts it after a buy', async () => {
    const creator = await signIn(t.app);
    const s = await streamOn(dex.token, creator, 'XSTRM');
    expect((await setModes(s.mint, creator, true, 0)).statusCode).toBe(200);

    const fan = await fundedWallet(chain);
    const me = await signIn(t.app, { privateKey: fan.privateKey });
    const refused = await post(s.mint, me, 'gm');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: HOLDER_CHAT_ERRORS.holdersOnly,
      message: 'This chat is for $XSTRM holders only. Buy $XSTRM to chat.',
      details: { symbol: 'XSTRM' },
    });
    // The creator needs no token (the creator and moderators are exempt).
    expect((await post(s.mint, creator, 'welcome')).statusCode).toBe(201);

    // A buy on the pair; the balance read a moment ago is cached (60 s)…
    const hash = await buy(fan, dex.token, '0.1');
    now += 1_000;
    expect((await post(s.mint, me, 'gm')).statusCode).toBe(403);
    // …until the trade panel reports the trade: the balance is read again at once.
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${s.mint}/trades`,
      headers: me.headers,
      payload: { tx_hash: hash },
    });
    expect(report.statusCode, report.body).toBe(204);
    const ok = await post(s.mint, me, 'gm');
    expect(ok.statusCode, ok.body).toBe(201);

    // Tokens received outside the page count once the cached balance expires.
    const friend = await signIn(t.app);
    expect((await post(s.mint, friend, 'hi')).statusCode).toBe(403);
    await give(dex.token, friend.address, '5');
    now += HOLDER_CACHE_MS - 1;
    expect((await post(s.mint, friend, 'hi')).statusCode).toBe(403);
    now += 1;
    expect((await post(s.mint, friend, 'hi')).statusCode).toBe(201);

    // Switched off again: anyone may post.
    expect((await setModes(s.mint, creator, false, 0)).statusCode).toBe(200);
    expect((await post(s.mint, await signIn(t.app), 'hello')).statusCode).toBe(201);
  });

  it('slow mode for non-holders holds back wallets without the token only', async () => {
    const creator = await signIn(t.app);
    const token = await newToken();
    const s = await streamOn(token, creator);
    const settings = await setModes(s.mint, creator, false, 30);
    expect(ZHolderChatSettings.parse(settings.json())).toMatchObject({ nonholder_slow_seconds: 30 });

    const holder = await signIn(t.app);
    await give(token, holder.address, '1');
    const other = await signIn(t.app);
    for (const content of ['one', 'two', 'three'])
      expect((await post(s.mint, holder, content)).statusCode).toBe(201);

    expect((await post(s.mint, other, 'one')).statusCode).toBe(201);
    now += 10_000;
    const slow = await post(s.mint, other, 'two');
    expect(slow.statusCode).toBe(429);
    expect(errorOf(slow)).toEqual({
      code: HOLDER_CHAT_ERRORS.slowMode,
      message:
        'Slow mode is on for non-holders. You can send another message in 20 s, or hold $HODL to chat without waiting',
      details: { seconds: 20, symbol: 'HODL' },
    });
    now += 20_000;
    expect((await post(s.mint, other, 'two')).statusCode).toBe(201);
    // Moderators are exempt.
    const mod = await signIn(t.app);
    const appointed = await t.app.inject({
      method: 'PUT',
      url: `/api/streams/${s.mint}/moderators/${mod.address}`,
      headers: creator.headers,
    });
    expect(appointed.statusCode).toBe(204);
    expect((await post(s.mint, mod, 'one')).statusCode).toBe(201);
    expect((await post(s.mint, mod, 'two')).statusCode).toBe(201);
  });

  it('gives each holder the badge of the highest tier its balance reaches', async () => {
    const creator = await signIn(t.app);
    const token = await newToken();
    const s = await streamOn(token, creator);
    const wallets = {
      dust: randomAddress(),
      shrimp: randomAddress(),
      dolphin: randomAddress(),
      whale: randomAddress(),
      none: randomAddress(),
    };
    await give(token, wallets.dust, '0.5');
    await give(token, wallets.shrimp, '5');
    await give(token, wallets.dolphin, '5000');
    await give(token, wallets.whale, '20000000'); // 2 % of the supply
    const ask = async () =>
      ZHolders.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/streams/${s.mint}/holders?addresses=${Object.values(wallets).join(',')}`,
          })
        ).json(),
      );

    // No tiers (the default): holders, no tier names (the badge just says "Holder").
    const plain = await ask();
    expect(plain.badges).toBeUndefined();
    expect(new Set(plain.holders)).toEqual(
      new Set([wallets.dust, wallets.shrimp, wallets.dolphin, wallets.whale]),
    );

    const set = await setTiers(s.mint, creator, [
      { name: 'Shrimp', kind: 'amount', value: '1' },
      { name: 'Whale', kind: 'share', value: '1' },
      { name: 'Dolphin', kind: 'amount', value: '1000' },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/holder-chat` });
    expect(ZHolderChatSettings.parse(read.json()).tiers.map((x) => x.name)).toEqual([
      'Shrimp',
      'Whale',
      'Dolphin',
    ]);
    const tiered = await ask();
    expect(tiered.badges).toEqual({
      [wallets.shrimp]: 'Shrimp',
      [wallets.dolphin]: 'Dolphin',
      [wallets.whale]: 'Whale',
    });
    expect(tiered.holders).toContain(wallets.dust);
  });

  it('says so when the balance cannot be read (RPC down): the post is refused with a clear message, not silently', async () => {
    const down = await createTestApp(
      { chain: { ...t.app.ctx.config.chain, rpcUrl: 'http://127.0.0.1:9' } },
      { database: t.database },
    );
    try {
      const creator = await signIn(down.app);
      const s = await createStream(t.database.db, { symbol: 'DOWN', creator_address: creator.address });
      const modes = await down.app.inject({
        method: 'PUT',
        url: `/api/streams/${s.mint}/holder-chat/modes`,
        headers: creator.headers,
        payload: { holders_only: true, nonholder_slow_seconds: 0 },
      });
      expect(modes.statusCode).toBe(200);
      const me = await signIn(down.app);
      const res = await down.app.inject({
        method: 'POST',
        url: `/api/streams/${s.mint}/messages`,
        headers: me.headers,
        payload: { content: 'gm' },
      });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res)).toEqual({
        code: HOLDER_CHAT_ERRORS.balanceUnavailable,
        message:
          'Your message was not sent: your $DOWN balance could not be checked on BNB Smart Chain right now. Try again in a moment',
        details: { symbol: 'DOWN' },
      });
      // Badges simply go without: the page still loads.
      const badges = await down.app.inject({
        method: 'GET',
        url: `/api/streams/${s.mint}/holders?addresses=${me.address}`,
      });
      expect(badges.statusCode).toBe(200);
      expect(badges.json()).toEqual({ holders: [] });
    } finally {
      await down.app.close();
    }
  });

  it('pushes a change of the modes or the tiers to every open chat of the stream, as it is saved', async () => {
    const creator = await signIn(t.app);
    const s = await streamOn(await newToken(), creator);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connectRealtime(`${address.replace('http', 'ws')}${REALTIME_PATH}`);
    socket.send({ type: 'subscribe', channel: chatChannelForMint(s.mint) });
    await socket.waitFor((e) => e.type === 'subscribed');
    type Pushed = Extract<TRealtimeEvent, { type: 'holder_chat' }>;
    /** The `n`-th holder_chat event the socket received (1-based). */
    const pushed = async (n: number) => {
      const all = () => socket.events.filter((e): e is Pushed => e.type === 'holder_chat');
      await socket.waitFor(() => all().length >= n, 30_000);
      return all()[n - 1]!;
    };

    expect((await setModes(s.mint, creator, true, 0)).statusCode).toBe(200);
    expect(await pushed(1)).toEqual({
      type: 'holder_chat',
      channel: chatChannelForMint(s.mint),
      settings: { tiers: [], holders_only: true, nonholder_slow_seconds: 0 },
    });
    expect((await setModes(s.mint, creator, false, 45)).statusCode).toBe(200);
    expect((await pushed(2)).settings).toMatchObject({ holders_only: false, nonholder_slow_seconds: 45 });
    const tiers = [{ name: 'Whale', kind: 'amount', value: '1000' }];
    expect((await setTiers(s.mint, creator, tiers)).statusCode).toBe(200);
    expect((await pushed(3)).settings).toEqual({ tiers, holders_only: false, nonholder_slow_seconds: 45 });
    // A refused change pushes nothing: the next event is the next saved change.
    const stranger = await signIn(t.app);
    expect((await setModes(s.mint, stranger, true, 0)).statusCode).toBe(403);
    expect((await setModes(s.mint, creator, false, 0)).statusCode).toBe(200);
    expect((await pushed(4)).settings).toMatchObject({ holders_only: false, nonholder_slow_seconds: 0 });
    socket.ws.close();
  });

  it('validates the settings (400), lets only the creator set tiers and the staff set modes (403), 404 for no stream', async () => {
    const creator = await signIn(t.app);
    const s = await streamOn(await newToken(), creator);
    const defaults = await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}/holder-chat` });
    expect(defaults.json()).toEqual({ tiers: [], holders_only: false, nonholder_slow_seconds: 0 });

    const tier = (name: string, kind: string, value: string) => ({ name, kind, value });
    const bad: [unknown, RegExp][] = [
      [
        [
          tier('a', 'amount', '1'),
          tier('b', 'amount', '2'),
          tier('c', 'amount', '3'),
          tier('d', 'amount', '4'),
        ],
        /At most 3 tiers/,
      ],
      [[tier('Whale', 'share', '101')], /at most 100 %/],
      [[tier('Whale', 'share', '0')], /above 0/],
      [[tier('', 'amount', '1')], /needs a name/],
      [[tier('Whale', 'amount', '-1')], /number like 1000/],
      [[tier('Whale', 'amount', '1e5')], /number like 1000/],
      [[tier('Whale', 'amount', '1'), tier('whale', 'amount', '2')], /must differ/],
      [[tier('x'.repeat(21), 'amount', '1')], /longer than 20/],
      [[tier('Whale', 'percent', '1')], /./],
    ];
    for (const [tiers, message] of bad) {
      const res = await setTiers(s.mint, creator, tiers);
      expect(res.statusCode, JSON.stringify(tiers)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    for (const payload of [
      { holders_only: true, nonholder_slow_seconds: -1 },
      { holders_only: true, nonholder_slow_seconds: 601 },
      { holders_only: 'yes', nonholder_slow_seconds: 0 },
      { nonholder_slow_seconds: 1.5, holders_only: false },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/streams/${s.mint}/holder-chat/modes`,
        headers: creator.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }

    const viewer = await signIn(t.app);
    const mod = await signIn(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/api/streams/${s.mint}/moderators/${mod.address}`,
      headers: creator.headers,
    });
    expect((await setModes(s.mint, viewer, true, 0)).statusCode).toBe(403);
    expect((await setTiers(s.mint, viewer, [])).statusCode).toBe(403);
    const modTiers = await setTiers(s.mint, mod, [tier('Whale', 'share', '1')]);
    expect(modTiers.statusCode).toBe(403);
    expect(errorOf(modTiers).message).toBe("Only the stream's creator can set its holder tiers");
    expect((await setModes(s.mint, mod, true, 10)).statusCode).toBe(200);
    // The modes' change is in the moderation log, with who made it.
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/streams/${s.mint}/moderation/log`,
      headers: creator.headers,
    });
    expect(log.json().items[0]).toMatchObject({
      actor: mod.address,
      action: 'settings',
      detail: 'holdersOnly=true nonHolderSlowModeSeconds=10',
    });

    const nowhere = randomAddress();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/streams/${nowhere}/holder-chat` })).statusCode,
    ).toBe(404);
    expect((await setModes(nowhere, creator, true, 0)).statusCode).toBe(404);
    expect((await setTiers(nowhere, creator, [])).statusCode).toBe(404);
  });
});

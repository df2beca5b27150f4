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
  OVERLAY_KEY_RE,
  overlayChannelForMint,
  type TRealtimeEvent,
  ZApiError,
  ZOverlayInfo,
  ZOverlaySettings,
} from '@mintcast/contracts';
import { type Hash, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import {
  connectRealtime,
  eventually,
  INSTANCE_COUNT,
  type Instances,
  type RealtimeTestClient,
  startInstances,
} from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

// A real chain: the overlay socket gets a tip verified on it and a swap on the token's pair. Two instances on
// PostgreSQL: the key is made on one, the overlay listens on the other.
let chain: LocalChain;
let dex: DexDeployment;
let inst: Instances;
beforeAll(async () => {
  chain = await startAnvil();
  dex = await deployDex(chain);
  inst = await startInstances(INSTANCE_COUNT, {
    chain: {
      ...BSC_MAINNET,
      rpcUrl: chain.rpcUrl,
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
  await chain?.stop();
});

const first = () => inst.apps[0]!.app;
const last = () => inst.apps[inst.apps.length - 1]!.app;
const lastUrl = () => inst.urls[inst.urls.length - 1]!;
const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;

const overlays = async (mint: string, who: SignedIn, method: 'GET' | 'POST' = 'GET') =>
  first().inject({
    method,
    url: method === 'GET' ? `/api/streams/${mint}/overlays` : `/api/streams/${mint}/overlays/key`,
    headers: who.headers,
  });
const settingsOf = async (mint: string, who: SignedIn, method: 'GET' | 'POST' = 'GET') => {
  const res = await overlays(mint, who, method);
  expect(res.statusCode, res.body).toBe(200);
  return ZOverlaySettings.parse(res.json());
};
const info = (key: string) =>
  last().inject({ method: 'GET', url: `/api/overlays/${encodeURIComponent(key)}` });

/** An overlay page's socket: its stream's overlay channel (opened by the key) and its public chat channel. */
const overlaySocket = async (mint: string, key: string) => {
  const c = await connectRealtime(lastUrl(), { origin: 'http://localhost:3000' });
  const channel = overlayChannelForMint(mint);
  c.send({ type: 'subscribe', channel, token: key });
  await c.waitFor((e) => e.type === 'subscribed' && e.channel === channel);
  c.send({ type: 'subscribe', channel: chatChannelForMint(mint) });
  await c.waitFor((e) => e.type === 'subscribed' && e.channel === chatChannelForMint(mint));
  return c;
};
/** The answer to a subscription with this key: subscribed, or the refusal. */
const subscribeWith = async (mint: string, key: string | undefined) => {
  const c = await connectRealtime(lastUrl());
  const channel = overlayChannelForMint(mint);
  c.send({ type: 'subscribe', channel, ...(key === undefined ? {} : { token: key }) });
  const answer = await c.waitFor(
    (e) => (e.type === 'subscribed' || e.type === 'error') && 'channel' in e && e.channel === channel,
  );
  c.ws.close();
  return answer;
};
const drained = async (c: RealtimeTestClient) => {
  const id = `drain-${Math.random()}`;
  c.send({ type: 'ping', id });
  await c.waitFor((e) => e.type === 'pong' && e.id === id);
};
const follows = (c: RealtimeTestClient) => c.events.filter((e) => e.type === 'overlay_follow');

describe(`OBS overlays (${databaseKind()}, ${INSTANCE_COUNT} instance(s))`, () => {
  it('gives the creator one key and its three URLs, the same on every visit; the key opens its stream', async () => {
    const creator = await signIn(first());
    const s = await createStream(inst.apps[0]!.database.db, {
      creator_address: creator.address,
      name: 'Overlay Me',
    });
    const a = await settingsOf(s.mint, creator);
    expect(a.key).toMatch(OVERLAY_KEY_RE);
    expect(a.urls).toEqual({
      chat: expect.stringMatching(new RegExp(`/overlay/${a.key}/chat$`)),
      alerts: expect.stringMatching(new RegExp(`/overlay/${a.key}/alerts$`)),
      goal: expect.stringMatching(new RegExp(`/overlay/${a.key}/goal$`)),
    });
    expect(await settingsOf(s.mint, creator)).toEqual(a);
    const res = await info(a.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ZOverlayInfo.parse(res.json())).toEqual({ mint: s.mint, name: 'Overlay Me', symbol: s.symbol });
    // Only its hash and its sealed form are stored.
    const row = await inst.apps[0]!.database.db.selectFrom('overlay_keys')
      .selectAll()
      .where('stream_id', '=', s.mint)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(a.key.slice(4));
  });

  it('answers 404 with a clear message for a forged key, over HTTP and on the socket', async () => {
    const creator = await signIn(first());
    const s = await createStream(inst.apps[0]!.database.db, { creator_address: creator.address });
    const { key } = await settingsOf(s.mint, creator);
    const forged = `mco_${'A'.repeat(43)}`;
    for (const k of [
      forged,
      `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`,
      'nope',
      'x'.repeat(100),
    ]) {
      const res = await info(k);
      expect(res.statusCode, k).toBe(404);
      expect(errorOf(res)).toMatchObject({
        code: 'overlay_not_found',
        message: expect.stringMatching(/cockpit/),
      });
    }
    // Past the router's parameter length: refused before the route (414), still no 5xx.
    expect((await info('x'.repeat(129))).statusCode).toBe(414);
    expect(await subscribeWith(s.mint, forged)).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(await subscribeWith(s.mint, undefined)).toMatchObject({ type: 'error', code: 'unauthorized' });
    // A real key of another stream does not open this one's channel.
    const other = await createStream(inst.apps[0]!.database.db, { creator_address: creator.address });
    const otherKey = (await settingsOf(other.mint, creator)).key;
    expect(await subscribeWith(s.mint, otherKey)).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(await subscribeWith(s.mint, key)).toMatchObject({ type: 'subscribed' });
  });

  it('regenerating makes a new key and the old URLs answer 404 from then on', async () => {
    const creator = await signIn(first());
    const s = await createStream(inst.apps[0]!.database.db, { creator_address: creator.address });
    const old = await settingsOf(s.mint, creator);
    const fresh = await settingsOf(s.mint, creator, 'POST');
    expect(fresh.key).toMatch(OVERLAY_KEY_RE);
    expect(fresh.key).not.toBe(old.key);
    expect((await info(old.key)).statusCode).toBe(404);
    expect((await info(fresh.key)).statusCode).toBe(200);
    expect(await subscribeWith(s.mint, old.key)).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(await subscribeWith(s.mint, fresh.key)).toMatchObject({ type: 'subscribed' });
    expect((await settingsOf(s.mint, creator)).key).toBe(fresh.key);
  });

  it('shows and regenerates the key for the creator only: 401 signed out, 403 anyone else', async () => {
    const creator = await signIn(first());
    const stranger = await signIn(first());
    const s = await createStream(inst.apps[0]!.database.db, { creator_address: creator.address });
    const { key } = await settingsOf(s.mint, creator);
    for (const method of ['GET', 'POST'] as const) {
      const res = await overlays(s.mint, stranger, method);
      expect(res.statusCode, method).toBe(403);
      expect(errorOf(res).message).toMatch(/creator/);
      const anonymous = await first().inject({
        method,
        url: method === 'GET' ? `/api/streams/${s.mint}/overlays` : `/api/streams/${s.mint}/overlays/key`,
      });
      expect(anonymous.statusCode, method).toBe(401);
    }
    // The stranger's attempt changed nothing.
    expect((await info(key)).statusCode).toBe(200);
  });

  it('delivers a new follower, a verified tip and a trade alert to the overlay socket', async () => {
    const creatorWallet = await fundedWallet(chain);
    const creator = await signIn(first(), { privateKey: creatorWallet.privateKey });
    const mint = dex.token.toLowerCase();
    await createStream(inst.apps[0]!.database.db, {
      mint,
      symbol: 'XSTRM',
      creator_address: creator.address,
      is_currently_live: true,
    });
    const { key } = await settingsOf(mint, creator);
    const overlay = await overlaySocket(mint, key);

    // A follow taken by the other instance reaches the overlay; following again is not a new follower.
    const fan = await fundedWallet(chain, '50');
    const fanSession = await signIn(last(), { privateKey: fan.privateKey });
    const follow = () =>
      last().inject({ method: 'POST', url: `/api/streams/${mint}/subscribe`, headers: fanSession.headers });
    expect((await follow()).statusCode).toBe(200);
    const followed = await overlay.waitFor((e) => e.type === 'overlay_follow', 10_000);
    expect(followed).toEqual({
      type: 'overlay_follow',
      channel: overlayChannelForMint(mint),
      address: fanSession.address,
      username: null,
    });
    expect((await follow()).statusCode).toBe(200);
    await drained(overlay);
    expect(follows(overlay)).toHaveLength(1);

    // A tip verified on chain.
    const tipHash = await fan.client.sendTransaction({
      to: creatorWallet.address,
      value: parseEther('0.1'),
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: tipHash });
    const tip = await last().inject({
      method: 'POST',
      url: `/api/streams/${mint}/tips`,
      headers: fanSession.headers,
      payload: { txHash: tipHash, message: 'gm' },
    });
    expect(tip.statusCode, tip.body).toBe(201);
    const tipped = await overlay.waitFor(
      (e) => e.type === 'message_inserted' && e.message.tip?.tx_hash === tipHash.toLowerCase(),
      10_000,
    );
    expect(tipped).toMatchObject({ message: { tip: { amount_wei: parseEther('0.1').toString() } } });

    // A buy above the stream's threshold on the token's pair.
    const swap = await buy(fan, '0.2');
    const alert = await overlay.waitFor(
      (e: TRealtimeEvent) => e.type === 'message_inserted' && e.message.trade?.tx_hash === swap.toLowerCase(),
      20_000,
    );
    expect(alert).toMatchObject({ message: { trade: { side: 'buy', symbol: 'XSTRM' } } });
    overlay.ws.close();
    await eventually(() => overlay.ws.readyState === overlay.ws.CLOSED);
  }, 120_000);
});

const buy = async (w: FundedWallet, bnb: string): Promise<Hash> => {
  const call = {
    address: dex.router,
    abi: artifacts.router.abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [dex.wbnb, dex.token], w.address, 2n ** 40n],
    value: parseEther(bnb),
  } as const;
  const hash = await w.client.writeContract({ ...call, gas: await gasWithMargin(chain, w.address, call) });
  expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  return hash;
};

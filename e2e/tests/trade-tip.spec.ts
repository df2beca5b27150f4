import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DexDeployment, LocalChain } from '@mintcast/chain-testkit';
import type { Browser, Page } from '@playwright/test';
import { erc20Abi, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import type { RunningApp } from '../support/app-server.ts';
import { type ChainApp, openSignedIn, startChainApp } from '../support/chain-app.ts';
import { revealChainPanels } from '../support/chain-panels.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

// One anvil (chain 56, Uniswap V2 + WBNB + a test token) and one app pointed at it for the whole file.
let local: ChainApp;
let chain: LocalChain;
let dex: DexDeployment;
let app: RunningApp;
let mint: string;
let symbol: string;
const creatorKey: Hex = generatePrivateKey();
const creator = privateKeyToAccount(creatorKey).address.toLowerCase();
const buyerKey: Hex = generatePrivateKey();
const buyer = privateKeyToAccount(buyerKey).address;

test.beforeAll(async () => {
  local = await startChainApp({
    streams: (d) => [
      streamSeed({
        mint: d.token.toLowerCase(),
        name: 'Chain Coin',
        symbol: 'CHN',
        creator_address: creator,
      }),
    ],
  });
  ({ chain, dex, app } = local);
  mint = dex.token.toLowerCase();
  symbol = await chain.publicClient.readContract({
    address: dex.token,
    abi: erc20Abi,
    functionName: 'symbol',
  });
  await chain.testClient.setBalance({ address: buyer, value: parseEther('10') });
});
test.afterAll(async () => {
  await local?.stop();
});

const tokenBalance = () =>
  chain.publicClient.readContract({
    address: dex.token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [buyer],
  });
const region = (page: Page, name: string) => page.getByRole('region', { name });

/** Open the stream page with the buyer's wallet (forwarding to anvil) and sign in through the app. */
const openAsBuyer = async (browser: Browser) => {
  const opened = await openSignedIn(browser, `${app.url}/livestream/${mint}`, {
    privateKey: buyerKey,
    rpcUrl: chain.rpcUrl,
  });
  await expect(region(opened.page, 'Live Chat').getByRole('textbox', { name: 'Chat message' })).toBeVisible({
    timeout: 15_000,
  });
  await revealChainPanels(opened.page);
  return opened;
};

test('a viewer buys the token and sees the balance rise, then sells it back with an approval', async ({
  browser,
}) => {
  const { context, page } = await openAsBuyer(browser);
  const trade = region(page, 'Trade');
  await expect(trade.getByTestId('bnb-balance')).toContainText('10 BNB');

  await trade.getByRole('textbox', { name: 'Amount in BNB' }).fill('0.5');
  const summary = trade.getByTestId('trade-summary');
  await expect(summary).toContainText(`You receive (quote)`);
  await expect(summary.getByText(new RegExp(`^[0-9,.]+ ${symbol}$`)).first()).toBeVisible();
  await expect(summary).toContainText('Minimum received');
  await trade.getByRole('button', { name: `Buy ${symbol}` }).click();
  await expect(trade.getByTestId('tx-status')).toHaveAttribute('data-state', 'confirmed', {
    timeout: 30_000,
  });
  await expect(trade.getByRole('link', { name: 'View on BscScan' })).toHaveAttribute(
    'href',
    /bscscan\.com\/tx\/0x/,
  );
  const bought = await tokenBalance();
  expect(bought).toBeGreaterThan(0n);

  await trade.getByRole('tab', { name: 'Sell for BNB' }).click();
  await expect(trade.getByTestId('token-balance')).not.toContainText(`: 0 ${symbol}`);
  await trade.getByRole('textbox', { name: `Amount in ${symbol}` }).fill('1000');
  const bnbBefore = await chain.publicClient.getBalance({ address: buyer });
  await trade.getByRole('button', { name: `Approve and sell ${symbol}` }).click();
  await expect(trade.getByTestId('tx-status')).toContainText('Sell: confirmed', { timeout: 30_000 });
  expect(await tokenBalance()).toBe(bought - parseEther('1000'));
  expect(await chain.publicClient.getBalance({ address: buyer })).toBeGreaterThan(bnbBefore);
  await context.close();
});

test('a tip reaches every open chat highlighted, with the holder badge, and the total counts it', async ({
  browser,
}) => {
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(`${app.url}/livestream/${mint}`);
  await revealChainPanels(watcher);
  const { context, page } = await openAsBuyer(browser);

  // The creator has set a tip goal of 0.1 BNB: a bar under the player on every page.
  const host = await apiSignIn(app.url, creatorKey);
  const goal = await fetch(`${app.url}/api/streams/${mint}/tips/goal`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.accessToken}` },
    body: JSON.stringify({ goal_wei: parseEther('0.1').toString() }),
  });
  expect(goal.status, await goal.text()).toBe(200);
  for (const p of [page, watcher]) await p.reload();
  await revealChainPanels(page);
  await revealChainPanels(watcher);

  const tip = region(page, 'Tip the creator');
  await tip.getByRole('button', { name: '0.05 BNB' }).click();
  await tip.getByRole('textbox', { name: 'Tip message' }).fill('for the alpha');
  const creatorBefore = await chain.publicClient.getBalance({ address: creator as Hex });
  await tip.getByRole('button', { name: 'Tip 0.05 BNB' }).click();
  await expect(tip.getByTestId('tx-status')).toContainText('Tip: confirmed', { timeout: 30_000 });
  expect(await chain.publicClient.getBalance({ address: creator as Hex })).toBe(
    creatorBefore + parseEther('0.05'),
  );

  for (const p of [page, watcher]) {
    const message = region(p, 'Live Chat').locator('[data-tip="true"]');
    await expect(message).toHaveCount(1);
    await expect(message).toContainText('Tipped 0.05 BNB');
    await expect(message).toContainText('for the alpha');
    await expect(message.getByTestId('holder-badge')).toBeVisible();
    await expect(region(p, 'Tip the creator').getByTestId('tip-total')).toHaveText('1 tip · 0.05 BNB');
    // The top tippers list moves with the tip, on the tipper's page and on the watcher's.
    await expect(p.getByTestId('tip-goal-progress')).toHaveText('0.05 / 0.1 BNB');
    await expect(p.getByRole('progressbar', { name: 'Tip goal' })).toHaveAttribute('aria-valuenow', '50');
    const leader = region(p, 'Tip the creator').getByTestId('tip-leader');
    await expect(leader).toHaveCount(1);
    await expect(leader).toContainText('1 tip');
    await expect(leader).toContainText('0.05 BNB');
  }
  // For review: the stream page with both panels, on a desktop and on a phone.
  await mkdir(SHOTS, { recursive: true });
  // Tall viewports rather than full-page captures, which paint the fixed top bar mid-page.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.screenshot({ path: path.join(SHOTS, 'stream-trade-tip-1280.png') });
  await page.setViewportSize({ width: 390, height: 2300 });
  await expect(region(page, 'Trade')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'stream-trade-tip-390.png') });
  await Promise.all([context.close(), watcherContext.close()]);
});

test('with the RPC unreachable the panels say trading is unavailable and the rest of the page works', async ({
  page,
}) => {
  await page.route(`${chain.rpcUrl}/**`, (route) => route.abort('connectionrefused'));
  await page.route(chain.rpcUrl, (route) => route.abort('connectionrefused'));
  await page.goto(`${app.url}/livestream/${mint}`);
  await revealChainPanels(page);
  for (const name of ['Trade', 'Tip the creator']) {
    const panel = region(page, name);
    await expect(panel.getByTestId('trading-unavailable')).toContainText('Trading unavailable', {
      timeout: 20_000,
    });
    await expect(panel).toContainText('The BNB Smart Chain RPC cannot be reached');
  }
  await expect(page.getByTestId('stream-name')).toHaveText('Chain Coin');
  await expect(region(page, 'Live Chat').locator('[data-tip="true"]')).toHaveCount(1);
});

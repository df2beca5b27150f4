import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { artifacts, fundedWallet } from '@mintcast/chain-testkit';
import type { Browser, Page } from '@playwright/test';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsInBothThemes } from '../support/axe.ts';
import { signInPage } from '../support/broadcasting.ts';
import { type ChainApp, startChainApp } from '../support/chain-app.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');
const HOST_KEY = generatePrivateKey();
const host = privateKeyToAccount(HOST_KEY).address.toLowerCase();

// One anvil (Uniswap V2 + WBNB + a test token) and one app watching its pair; the token's stream is live.
let local: ChainApp;
let mint: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  local = await startChainApp({
    streams: (d) => [
      streamSeed({
        mint: d.token.toLowerCase(),
        name: 'Overlay Coin',
        symbol: 'XSTRM',
        creator_address: host,
        is_currently_live: true,
      }),
    ],
    env: { TRADE_ALERT_POLL_MS: '500' },
  });
  mint = local.dex.token.toLowerCase();
});
test.afterAll(async () => {
  await local?.stop();
});

/** A wallet buys `bnb` of the token straight through the router. */
const buy = async (bnb: string) => {
  const { chain, dex } = local;
  const w = await fundedWallet(chain, '20');
  const hash = await w.client.writeContract({
    address: dex.router,
    abi: artifacts.router.abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [dex.wbnb, dex.token], w.address, 2n ** 40n],
    value: parseEther(bnb),
    gas: 300_000n,
  });
  await local.chain.publicClient.waitForTransactionReceipt({ hash });
};

/** A fan tips the creator `bnb` on chain and posts the tip (verified by the server). */
const tip = async (bnb: string, message: string) => {
  const w = await fundedWallet(local.chain, '5');
  const hash = await w.client.sendTransaction({ to: host as `0x${string}`, value: parseEther(bnb) });
  await local.chain.publicClient.waitForTransactionReceipt({ hash });
  const fan = await apiSignIn(local.app.url, w.privateKey);
  const res = await fan.post(`/api/streams/${mint}/tips`, { txHash: hash, message });
  expect(res.status, await res.clone().text()).toBe(201);
};

/** An overlay in its own page at its documented size, like OBS's browser source. */
const openOverlay = async (browser: Browser, url: string, size: { width: number; height: number }) => {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto(url);
  return page;
};

const panel = (page: Page) => page.getByRole('region', { name: 'OBS overlays' });

test('the cockpit lists the overlay links with a preview; the alerts overlay shows a follow, a tip and a buy', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPage(page, local.app.url, HOST_KEY);
  await page.goto(`${local.app.url}/dashboard/${mint}`);
  // Folded in the cockpit until opened.
  await expect(panel(page)).toHaveCount(0);
  await page.getByTestId('cockpit-overlays').locator('summary').click();
  const overlays = panel(page);
  await expect(overlays).toBeVisible();
  const alertsUrl = await overlays.getByTestId('overlay-url-alerts').inputValue();
  expect(alertsUrl).toMatch(new RegExp(`^${local.app.url}/overlay/mco_[A-Za-z0-9_-]{43}/alerts$`));
  const chatUrl = await overlays.getByTestId('overlay-url-chat').inputValue();
  const goalUrl = await overlays.getByTestId('overlay-url-goal').inputValue();
  await expect(overlays.getByText('800 × 200')).toBeVisible();
  // The sound switch adds ?sound=1 to the alerts link.
  await overlays.getByTestId('overlay-sound').check();
  await expect(overlays.getByTestId('overlay-url-alerts')).toHaveValue(`${alertsUrl}?sound=1`);
  await overlays.getByTestId('overlay-sound').uncheck();
  // Copy puts the link on the clipboard.
  await overlays.getByTestId('overlay-copy-chat').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(chatUrl);
  // The preview is the overlay itself, framed by our own page (the CSP lets only our origin frame it).
  const preview = page.frameLocator('[data-testid="overlay-preview"]');
  await expect(preview.getByTestId('overlay-alerts')).toBeAttached();
  await overlays.getByRole('button', { name: 'Tip goal', exact: true }).click();
  await expect(preview.getByText('No tip goal set')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'stream dashboard with the overlays panel');

  // The alerts overlay, open like OBS would: a follow, a tip and a buy over the threshold, each in turn.
  const alerts = await openOverlay(browser, alertsUrl, { width: 800, height: 200 });
  await expect(alerts.getByTestId('overlay-alerts')).toBeAttached();
  expect(await alerts.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgba(0, 0, 0, 0)',
  );
  const fan = await apiSignIn(local.app.url);
  expect((await fan.post(`/api/streams/${mint}/subscribe`, {})).status).toBe(200);
  const follow = alerts.locator('[data-testid="overlay-alert"][data-kind="follow"]');
  await expect(follow).toContainText('New follower');
  await expect(follow).toContainText(
    `${fan.address.slice(0, 6)}...${fan.address.slice(-4)} followed the stream`,
  );
  await alerts.screenshot({ path: path.join(SHOTS, 'overlay-alerts-follow.png'), omitBackground: true });

  await tip('0.1', 'great stream');
  const tipped = alerts.locator('[data-testid="overlay-alert"][data-kind="tip"]');
  await expect(tipped).toContainText('tipped 0.1 BNB', { timeout: 30_000 });
  await expect(tipped).toContainText('great stream');
  await alerts.screenshot({ path: path.join(SHOTS, 'overlay-alerts-tip.png'), omitBackground: true });

  await buy('0.2');
  const bought = alerts.locator('[data-testid="overlay-alert"][data-kind="buy"]');
  await expect(bought).toContainText('bought 0.2 BNB of $XSTRM', { timeout: 40_000 });
  await alerts.screenshot({ path: path.join(SHOTS, 'overlay-alerts-buy.png'), omitBackground: true });
  await expectNoSeriousA11yViolations(alerts, 'alerts overlay');

  // The chat overlay shows the tip and the trade line; the goal overlay its bar.
  const chat = await openOverlay(browser, chatUrl, { width: 400, height: 600 });
  await expect(chat.getByTestId('overlay-chat')).toContainText('great stream');
  await expect(chat.getByTestId('overlay-chat')).toContainText('bought 0.2 BNB of $XSTRM');
  await chat.screenshot({ path: path.join(SHOTS, 'overlay-chat.png'), omitBackground: true });
  await expectNoSeriousA11yViolations(chat, 'chat overlay');

  const creator = await apiSignIn(local.app.url, HOST_KEY);
  expect(
    (await creator.put(`/api/streams/${mint}/tips/goal`, { goal_wei: parseEther('1').toString() })).status,
  ).toBe(200);
  const goal = await openOverlay(browser, goalUrl, { width: 600, height: 80 });
  await expect(goal.getByTestId('overlay-goal-progress')).toHaveText('0 / 1 BNB');
  await tip('0.25', 'for the goal');
  await expect(goal.getByTestId('overlay-goal-progress')).toHaveText('0.25 / 1 BNB');
  await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  await goal.screenshot({ path: path.join(SHOTS, 'overlay-goal.png'), omitBackground: true });
  await expectNoSeriousA11yViolations(goal, 'goal overlay');

  // For review: the cockpit's overlays panel on a desktop and on a phone.
  await overlays.getByRole('button', { name: 'Alerts', exact: true }).click();
  await overlays.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'cockpit-overlays-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await overlays.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'cockpit-overlays-390.png') });
  await expectNoSeriousA11yViolations(page, 'stream dashboard with the overlays panel (390 px)');

  // New links: the old alerts link shows it was replaced; the new one works.
  page.once('dialog', (d) => void d.accept());
  await overlays.getByTestId('cockpit-overlays-regenerate').click();
  await expect(overlays.getByTestId('overlay-url-alerts')).not.toHaveValue(alertsUrl);
  await alerts.reload();
  await expect(alerts.getByText(/This overlay link does not exist or was replaced/)).toBeVisible();
  const fresh = await overlays.getByTestId('overlay-url-alerts').inputValue();
  await alerts.goto(fresh);
  await expect(alerts.getByTestId('overlay-alerts')).toBeAttached();
});

test('a forged overlay link says it does not exist, and the API answers 404', async ({ page }) => {
  const forged = `mco_${'A'.repeat(43)}`;
  await page.goto(`${local.app.url}/overlay/${forged}/alerts`);
  await expect(page.getByText(/This overlay link does not exist or was replaced/)).toBeVisible();
  const res = await fetch(`${local.app.url}/api/overlays/${forged}`);
  expect(res.status).toBe(404);
});

test('the How to Stream guide shows how to add the overlays in OBS, axe clean in both themes', async ({
  page,
}) => {
  await page.goto(`${local.app.url}/how-to-stream`);
  const section = page.getByRole('region', { name: 'Overlays in OBS' });
  await expect(section).toContainText('under Sources, press + and choose Browser');
  await expect(section).toContainText('chat 400 × 600, alerts 800 × 200, tip goal 600 × 80');
  await expectNoSeriousA11yViolationsInBothThemes(page, 'how to stream with the overlays section');
});

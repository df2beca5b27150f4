import { mkdir } from 'node:fs/promises';
import { COPY_FEEDBACK_MS } from '@mintcast/contracts';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { revealChainPanels } from '../support/chain-panels.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { allImagesLoaded, fullPageShot, SHOTS } from '../support/screenshots.ts';
import { toasterMounted } from '../support/toaster.ts';

/** The shared sample token (two bsc pairs: the v2/WBNB pair has the most liquidity). */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const FAILING = randomMint();
const UNKNOWN = randomMint();
const OTHER_CHAIN = randomMint();

let standin: MarketStandin;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000); // seeding and booting the built app is slow when the machine is busy
  standin = await startMarketStandin();
  app = await startApp({
    env: { MARKET_DATA_URL: standin.url },
    streams: [
      streamSeed({ mint: TOKEN, name: 'XSTRM Trading Desk', symbol: 'XSTRM', is_currently_live: true }),
      streamSeed({ mint: FAILING, name: 'Flaky Upstream', symbol: 'FLAKY' }),
      streamSeed({ mint: UNKNOWN, name: 'Fresh Launch', symbol: 'FRESH' }),
      streamSeed({ mint: OTHER_CHAIN, name: 'Bridged Token', symbol: 'BRDG' }),
    ],
  });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

test('the stream page shows the token and trading cards with formatted figures', async ({ page }) => {
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  await expect(page.getByTestId('stream-name')).toHaveText('XSTRM Trading Desk');
  await expect(page.getByTestId('live-marker')).toHaveText('Live');

  const info = page.getByRole('region', { name: 'Token info' });
  await expect(info.getByTestId('token-name')).toHaveText('Example Stream Token');
  await expect(info.getByTestId('token-symbol')).toHaveText('$XSTRM');
  // The button's text is its visually hidden label plus the short address.
  await expect(info.getByRole('button', { name: /Copy contract address/ })).toContainText('0x7a3f...8e0f');
  await expect(info.getByRole('link', { name: 'Website' })).toHaveAttribute(
    'href',
    'https://example-stream-token.invalid/',
  );
  await expect(info.getByRole('link', { name: 'Twitter' })).toHaveAttribute(
    'href',
    'https://x.com/example_xstrm',
  );
  await expect(info.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
    'href',
    'https://t.me/example_xstrm',
  );
  await expect(info.getByRole('link', { name: 'BscScan' })).toHaveAttribute(
    'href',
    `https://bscscan.com/token/${TOKEN}`,
  );

  const figures = page.getByTestId('trading-figures');
  const figure = (label: string) =>
    figures.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('Price')).toHaveText('$0.00421500');
  await expect(figure('24h Change')).toHaveText('+18.42%');
  await expect(figure('24h Change')).toHaveClass(/text-up/);
  await expect(figure('24h Volume')).toHaveText('$1.28M');
  await expect(figure('Market Cap')).toHaveText('$4.22M');
  await expect(figure('Liquidity')).toHaveText('$412.35K');

  // "View Chart" opens the selected (highest-liquidity) pair on DexScreener.
  await expect(page.getByRole('link', { name: 'View Chart' })).toHaveAttribute(
    'href',
    'https://dexscreener.com/bsc/0x9c2f4a7e1b3d5c6a8e0f2b4d6c8a1e3f5b7d9c0a',
  );
  // Both cards share one query: one gateway request, one upstream request.
  expect(standin.requestsFor(TOKEN)).toBe(1);
});

test('"Failed to load trading data", then Retry loads the figures', async ({ page }) => {
  standin.setMode('500', FAILING);
  standin.assign(FAILING, 'token-two-pairs');
  await page.goto(`${app.url}/livestream/${FAILING}`);
  const card = page.getByRole('region', { name: 'Trading data' });
  // The page asks three times (two retries with back-off) before it says so: a ceiling for a busy machine.
  await expect(card.getByText('Failed to load trading data')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByTestId('trading-figures')).toHaveCount(0);

  standin.setMode('normal');
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByTestId('trading-figures')).toBeVisible();
  await expect(card.getByText('$0.00421500')).toBeVisible();
  await expect(card.getByText('Failed to load trading data')).toHaveCount(0);
});

test('tokens without market data: inline messages and the token-page chart link', async ({ page }) => {
  await page.goto(`${app.url}/livestream/${UNKNOWN}`);
  await expect(page.getByText('No trading pairs found for this token')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Chart' })).toHaveAttribute(
    'href',
    `https://dexscreener.com/bsc/${UNKNOWN}`,
  );
  // The stream record stands in for the missing market data in the info card.
  await expect(page.getByTestId('token-name')).toHaveText('Fresh Launch');

  standin.assign(OTHER_CHAIN, 'token-other-chain-only');
  await page.goto(`${app.url}/livestream/${OTHER_CHAIN}`);
  await expect(page.getByText('No trading data available')).toBeVisible();
});

test('copying the contract address gives 2 s of feedback and a toast', async ({ page }) => {
  // The page runs on Playwright's fake clock, paused before the click: the 2 s are counted on it, not on a
  // busy machine's wall clock.
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  const copy = page.getByRole('button', { name: 'Copy contract address' });
  await expect(copy).toBeVisible();
  await toasterMounted(page);
  // Far enough ahead that the page's clock has not passed it however slowly the page loaded.
  await page.clock.pauseAt(start + 10 * 60_000);
  await copy.click();
  // The copy is done (the clipboard write resolved, the toast asked for, the 2 s timer set) before the clock
  // moves: on a busy machine the write can resolve after a run of the clock started right after the click.
  await expect(copy).toHaveAttribute('data-copied', 'true');
  // The copied state lasts COPY_FEEDBACK_MS (2 s) from the click: still on 1 ms before, off at 2 s. (The toast
  // needs the clock to move to show up, and stays longer.)
  await page.clock.runFor(COPY_FEEDBACK_MS - 1);
  await expect(page.getByText('Contract address copied to clipboard')).toBeVisible();
  // The button keeps its name (its label must contain the visible address); the toast announces the copy.
  await expect(copy).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TOKEN);
  await page.clock.runFor(1);
  await expect(copy).toHaveAttribute('data-copied', 'false');
});

test('Share without a native share sheet copies the stream link', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Stream link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/livestream/${TOKEN}`);
});

test('stream page states: invalid id and Stream Not Found', async ({ page }) => {
  await page.goto(`${app.url}/livestream/`);
  await expect(page.getByText('Invalid stream')).toBeVisible();
  await page.goto(`${app.url}/livestream/${randomMint()}`);
  await expect(page.getByRole('heading', { name: 'Stream Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Streams' })).toHaveAttribute('href', '/explore');
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
});

test('screenshots of the stream page at 1280 and 390 px', async ({ page }) => {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
    await page.goto(`${app.url}/livestream/${TOKEN}`);
    await expect(page.getByTestId('trading-figures')).toBeVisible();
    await revealChainPanels(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await allImagesLoaded(page);
    await fullPageShot(page, `livestream-${width}.png`);
  }
});

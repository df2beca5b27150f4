/// <reference lib="dom" />
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { revealChainPanels } from '../support/chain-panels.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Decision 017: the home page paints before its JavaScript runs. The served HTML carries the pre-rendered
 * first view (top bar, hero, skeletons) and the stylesheet styles it; wherever React's first view would look
 * different it stays hidden; the app replaces it once loaded. Checked with JavaScript off, so nothing here
 * depends on how fast the scripts are.
 */
const PHONE = { width: 390, height: 844 };
// A stream page's first view is pre-rendered by the server from the stream's record; this name must come out as
// text, never as markup (it would end the data block or add an element).
const EVIL_NAME = '</script><script>alert(1)</script><img src=x onerror=alert(1)>';
const pepe = streamSeed({ name: 'Pepe Moon', symbol: 'PEPE', is_currently_live: true });
const evil = streamSeed({ name: EVIL_NAME, symbol: 'EVIL', description: '<b>bold</b> & </title>' });
// The market stand-in's sample token: its trading card fills with figures, as most streams' do.
const charted = streamSeed({
  mint: '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f',
  name: 'Charted',
  symbol: 'XSTRM',
});
let app: RunningApp;
// The market stand-in answers the token cards (otherwise their requests fail, logged as console errors).
let standin: MarketStandin;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  app = await startApp({ streams: [pepe, evil, charted], env: { MARKET_DATA_URL: standin.url } });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

test('with JavaScript off, a phone is shown the styled home screen: top bar, hero and skeletons', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${app.url}/`);
  const view = page.locator('#root > [data-prerendered]');
  await expect(view).toBeVisible();
  await expect(view.locator('main h1')).toHaveText('Crypto Streaming');
  await expect(view.locator('main p').first()).toHaveText(
    'Create and discover crypto livestreams. Share your trading journey with the world.',
  );
  await expect(view.locator('header')).toContainText('Connect Wallet');
  expect(await view.locator('.skeleton').count()).toBeGreaterThan(0);
  // Styled by the stylesheet alone: the dark palette's background and the 64 px top bar.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 13, 18)');
  expect((await view.locator('header').boundingBox())?.height).toBeCloseTo(65, 0); // 64 px + its border
  await context.close();
});

test('the pre-rendered view stays hidden where the app’s first view differs: wide screens, Spanish, a session', async ({
  browser,
}) => {
  const wide = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const widePage = await wide.newPage();
  await widePage.goto(`${app.url}/`);
  await expect(widePage.locator('[data-prerendered]')).toBeHidden();
  await wide.close();
  // The palette/language script in <head> runs before paint (allowed by its hash), the app's scripts do not.
  for (const [name, storage] of [
    ['Spanish', { 'mintcast.settings': JSON.stringify({ language: 'es' }) }],
    ['signed in', { 'sb-mintcast-auth-token': '{}' }],
  ] as const) {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.addInitScript(
      (items) => {
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      },
      storage as Record<string, string>,
    );
    await page.goto(`${app.url}/`);
    await expect(page.locator('[data-prerendered]'), name).toBeHidden();
    await context.close();
  }
});

test('once the app has loaded, it alone is on the page (the pre-rendered view is gone)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${app.url}/`);
  await expect(page.getByTestId('stream-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Crypto Streaming' })).toBeVisible();
});

test('the app’s scripts wait for the pre-rendered view to paint: none is requested while the stylesheet is held', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  let releaseStylesheet = () => {};
  const held = new Promise<void>((resolve) => {
    releaseStylesheet = resolve;
  });
  await page.route('**/assets/*.css', async (route) => {
    await held;
    await route.continue();
  });
  // Parsed, but with its render-blocking stylesheet pending the page cannot paint (with the scripts in the
  // HTML, as before, the page would not even finish parsing: its module script waits for the stylesheet).
  await page.goto(`${app.url}/`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root > [data-prerendered]')).toHaveCount(1);
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);
  expect(scripts).toEqual([]);
  releaseStylesheet();
  await expect(page.getByTestId('stream-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
});

test('with JavaScript off, a phone is shown a stream page with its stream: name, symbol, live marker', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${app.url}/livestream/${pepe.mint}`);
  const view = page.locator('#root > [data-prerendered]');
  await expect(view).toBeVisible();
  await expect(view.locator('h1')).toHaveText('Pepe Moon');
  await expect(view.getByText('Live', { exact: true })).toBeVisible();
  await expect(view.getByText('$PEPE', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveTitle('Pepe Moon ($PEPE) · Mintcast');
  await context.close();
});

test('a stream’s name is pre-rendered as text: markup in it neither runs nor adds elements', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${app.url}/livestream/${evil.mint}`);
  await expect(page.locator('[data-prerendered] h1')).toHaveText(EVIL_NAME);
  await expect(page.locator('img[src="x"], b')).toHaveCount(0);
  // The data block is intact: one element whose text is the record, name and description as they are.
  const data = await page.locator('script#first-view-data').textContent();
  expect(JSON.parse(data ?? '')).toMatchObject({
    stream: { mint: evil.mint, name: EVIL_NAME, description: '<b>bold</b> & </title>' },
  });
  await expect(page.locator('body script')).toHaveCount(1);
  await context.close();
});

test('on a stream page the app starts from the record sent with the page, and replaces the pre-rendered view', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    // Not the app's: the browser logs each 4xx answer (here the market data's 404 for this unknown token).
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      consoleErrors.push(msg.text());
  });
  // The stream's own request never answers: the name can only come from the page's data block.
  await page.route(`**/api/streams/${evil.mint}/lookup`, () => undefined);
  await page.goto(`${app.url}/livestream/${evil.mint}`);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByTestId('stream-name')).toHaveText(EVIL_NAME);
  await expect(page.getByTestId('stream-name')).toHaveCount(1);
  await expect(page.getByTestId('token-symbol')).toHaveText('$EVIL');
  expect(consoleErrors).toEqual([]);
});

test('on a phone the trade and tip panels’ code is fetched only once their place is scrolled near', async ({
  page,
}) => {
  // A short phone screen: the panels are far below the player and the token cards.
  await page.setViewportSize({ width: 390, height: 560 });
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/chain-panels-[\w-]+\.js$/.test(r.url())) fetched.push(r.url());
  });
  await page.goto(`${app.url}/livestream/${charted.mint}`);
  // The trading figures come after the page's first render, which is when an eager import would have gone.
  await expect(page.getByTestId('trading-figures')).toBeVisible();
  expect(fetched).toEqual([]);
  await revealChainPanels(page);
  expect(fetched).toHaveLength(1);
});

/// <reference lib="dom" />
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { generatePrivateKey } from 'viem/accounts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { framesOf, goLive, signInPage } from '../support/broadcasting.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test, watchCsp } from '../support/fixtures.ts';

/** The shared market sample: "Example Stream Token" ($XSTRM), with bsc pairs. */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const SCREENS = [
  '/',
  '/trending',
  '/explore',
  '/favorites',
  '/profile',
  '/settings',
  '/how-to-stream',
  '/start-streaming',
  '/admin',
  '/no-such-page',
];

let standin: MarketStandin;
let app: RunningApp;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  app = await startApp({
    media: true,
    streams: [streamSeed({ name: 'Offline Token', is_currently_live: false })],
    env: { MARKET_DATA_URL: standin.url },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

test('the watcher sees a violation: a script from another origin is refused and reported', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const violations = await watchCsp(context);
  const page = await context.newPage();
  const res = await page.goto(`${app.url}/how-to-stream`);
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.src = 'https://evil.example/x.js';
    document.head.append(s);
  });
  await expect.poll(() => violations.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(violations.join('\n')).toContain('script-src');
  await context.close();
});

test('every screen, the wizard, the broadcaster and a live stream page run with no CSP violation', async ({
  browser,
}) => {
  test.setTimeout(300_000); // going live alone can take 30 s on a loaded 2-core machine
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const hostViolations = await watchCsp(hostContext);
  const viewerViolations = await watchCsp(viewerContext);

  const viewer = await viewerContext.newPage();
  for (const screen of SCREENS) {
    const res = await viewer.goto(`${app.url}${screen}`);
    expect(res?.headers()['content-security-policy'], screen).toBeTruthy();
    await expect(viewer.getByRole('main')).toBeVisible({ timeout: 30_000 });
    await viewer.waitForLoadState('networkidle');
  }

  const host = await hostContext.newPage();
  await signInPage(host, app.url, generatePrivateKey());
  await goLive(host, TOKEN);

  await viewer.goto(`${app.url}/livestream/${TOKEN}`);
  // A first frame across the proxied signalling can take long on a loaded 2-core box: wait on it, generously.
  await expect.poll(() => framesOf(viewer, 'stream-video'), { timeout: 120_000 }).toBeGreaterThan(0);

  await host.getByRole('button', { name: 'End Stream' }).click();
  await host
    .getByRole('dialog', { name: 'End your stream?' })
    .getByRole('button', { name: 'End Stream' })
    .click();
  await expect(viewer.getByTestId('player-status').getByText('Stream is offline')).toBeVisible({
    timeout: 60_000,
  });

  expect(viewerViolations, 'viewer: Content-Security-Policy violations').toEqual([]);
  expect(hostViolations, 'host: Content-Security-Policy violations').toEqual([]);
  await hostContext.close();
  await viewerContext.close();
});

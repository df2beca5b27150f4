import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { featuredDemoStreams } from '../../apps/server/src/db/seed.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 35 item 5: another site puts `/embed/{mint}` in an iframe and the stream plays in it; the site's other
 * pages refuse to be framed (CSP frame-ancestors 'none'). The other site is a page on another origin (port).
 */
let standin: MarketStandin;
let app: RunningApp;
let other: Server;
let otherUrl: string;
const live = featuredDemoStreams()[0];

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  app = await startApp({ media: true, demo: true, env: { MARKET_DATA_URL: standin.url } });
  // "Someone else's blog": one page framing whatever `?src=` names.
  other = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><title>Blog</title><h1>My blog</h1><iframe id="player" src="${src.replace(/"/g, '')}" width="640" height="400" allow="autoplay; fullscreen"></iframe>`,
      );
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((r) => other?.close(r));
  await app?.stop();
  await standin?.close();
});

test('a live stream plays inside an iframe on another site', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`${otherUrl}/?src=${encodeURIComponent(`${app.url}/embed/${live?.mint}`)}`);
  const frame = page.frameLocator('#player');
  await expect(frame.getByTestId('embed-page')).toBeVisible({ timeout: 60_000 });
  await expect(frame.getByRole('link', { name: /Watch on Mintcast/ })).toHaveAttribute(
    'href',
    `/livestream/${live?.mint}`,
  );
  const video = frame.getByTestId('stream-video');
  const frames = () =>
    video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames).catch(() => 0);
  // The demo broadcast reaches the media server a little after start-up on a busy machine.
  await expect.poll(frames, { timeout: 150_000 }).toBeGreaterThan(0);
  const before = await frames();
  await expect.poll(frames, { timeout: 20_000 }).toBeGreaterThan(before + 5);
});

test("the site's other pages refuse to be framed", async ({ browser }) => {
  // Its own context: the refusal is a CSP report in this page, which the `page` fixture would count as a fault.
  const context = await browser.newContext();
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes("frame-ancestors 'none'")) refusals.push(m.text());
  });
  for (const path of ['/', `/livestream/${live?.mint}`]) {
    const before = refusals.length;
    await page.goto(`${otherUrl}/?src=${encodeURIComponent(`${app.url}${path}`)}`);
    await expect.poll(() => refusals.length, { timeout: 30_000 }).toBeGreaterThan(before);
    await expect(page.frameLocator('#player').locator('#root')).toHaveCount(0);
  }
  await context.close();
});

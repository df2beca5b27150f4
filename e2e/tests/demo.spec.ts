import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { featuredDemoStreams } from '../../apps/server/src/db/seed.ts';
import { DEMO_LIVE_STREAMS } from '../../apps/server/src/demo/demo-broadcast.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectFramesAdvancing, framesOf } from '../support/broadcasting.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A newcomer's first look: `npm run seed`, then `npm start`. The first demo streams really broadcast (a looped
 * clip published by the server into the embedded media server), so "Live Now" lists them and opening one plays
 * video; the other demo streams are offline.
 */
let standin: MarketStandin;
let app: RunningApp;
const live = featuredDemoStreams().slice(0, DEMO_LIVE_STREAMS);
const offline = featuredDemoStreams()[DEMO_LIVE_STREAMS];

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  app = await startApp({ media: true, demo: true, env: { MARKET_DATA_URL: standin.url } });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

test('seeded demo streams are live with real video; the others are offline', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.url);
  // Live once each ingest reaches the media server (on a busy machine one by one); the home page shows what
  // the database says when it loads, so reload until all are listed.
  const liveNow = page.locator('section', { has: page.getByRole('heading', { name: 'Live Now' }) });
  await expect(async () => {
    await page.reload();
    for (const s of live)
      await expect(liveNow.getByText(s.name as string).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 150_000 });
  await expect(liveNow.getByText(offline?.name as string)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('home-with-demo-streams.png') });

  await page.goto(`${app.url}/livestream/${live[0]?.mint}`);
  await expect.poll(() => framesOf(page, 'stream-video'), { timeout: 60_000 }).toBeGreaterThan(0);
  await expectFramesAdvancing(page);
  const size = await page
    .getByTestId('stream-video')
    .evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]);
  expect(size).toEqual([640, 360]);

  await page.goto(`${app.url}/livestream/${offline?.mint}`);
  await expect(page.getByTestId('player-status').getByText('Stream is offline')).toBeVisible({
    timeout: 30_000,
  });
});

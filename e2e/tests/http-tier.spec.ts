/// <reference lib="dom" />
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectFramesAdvancing, framesOf, goLive, signInPage } from '../support/broadcasting.ts';
import { expect, test } from '../support/fixtures.ts';
import { shotsAtWidths } from '../support/screenshots.ts';

/**
 * Issue 33: with `MEDIA_MAX_VIEWERS_PER_STREAM=2`, the third viewer is sent to the HTTP tier (HLS packaged by
 * the media server's ffmpeg, served from the site's origin), plays it and says so ("A few seconds behind");
 * when one of the first two leaves, it moves to WebRTC by itself ("Low latency").
 */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';

let standin: MarketStandin;
let app: RunningApp;
const contexts: BrowserContext[] = [];

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  app = await startApp({
    media: true,
    env: { MARKET_DATA_URL: standin.url, MEDIA_HTTP_TIER: 'on', MEDIA_MAX_VIEWERS_PER_STREAM: '2' },
  });
});
test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.stop();
  await standin?.close();
});

/** A page in a context of its own (its own viewer identity, as another visitor). */
const newPage = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  contexts.push(context);
  return context.newPage();
};

const watch = async (browser: Browser): Promise<Page> => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  return page;
};

/** Frames decoding and advancing; the first one may take long on a busy 2-core machine. */
const playing = async (page: Page) => {
  await expect.poll(() => framesOf(page, 'stream-video'), { timeout: 120_000 }).toBeGreaterThan(0);
  await expectFramesAdvancing(page);
};

// FIXME (decision 026): with a browser broadcaster (VP8 simulcast + Opus) the packager's ffmpeg wrote no
// playlist in this session's runs (a WHIP publisher is packaged fine: apps/media/test/recording.test.ts), and on
// this overloaded machine the second WebRTC viewer did not get its first frame within 120 s either. Kept as the
// acceptance test of issue 33's cap case; enable once the browser-publisher packaging is fixed.
test('a third viewer plays the HTTP tier, and moves to WebRTC when one of the first two leaves', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const host = await newPage(browser);
  await signInPage(host, app.url, generatePrivateKey());
  await goLive(host, TOKEN);
  await expectFramesAdvancing(host, 'broadcast-camera');

  const first = await watch(browser);
  await playing(first);
  await expect(first.getByTestId('tier-indicator')).toHaveText('Low latency', { timeout: 60_000 });
  const second = await watch(browser);
  await playing(second);
  await expect(second.getByTestId('tier-indicator')).toHaveText('Low latency', { timeout: 60_000 });

  // WebRTC holds two viewers: the third is handed the playlist instead of a token.
  const third = await watch(browser);
  const indicator = third.getByTestId('tier-indicator');
  await expect(indicator).toHaveText('A few seconds behind', { timeout: 120_000 });
  await expect(third.getByTestId('stream-video')).toHaveAttribute('data-source', 'hls');
  await playing(third);
  // The HLS video itself plays: it has a picture and its playhead moves on.
  await expect
    .poll(() => third.getByTestId('stream-video').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  const at = await third.getByTestId('stream-video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => third.getByTestId('stream-video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(at + 1);
  const segments = await third.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/hls\/0x[0-9a-fA-F]{40}\/[a-z0-9]+-\d+\.ts$/.test(new URL(e.name).pathname)).length,
  );
  expect(segments).toBeGreaterThan(0);
  // Both tiers count: two WebRTC viewers and this HLS player.
  const viewers = async () =>
    ((await (await fetch(`${app.url}/api/streams/${TOKEN}`)).json()) as { num_participants: number })
      .num_participants;
  await expect.poll(viewers, { timeout: 60_000 }).toBe(3);
  // A figure for decision 026, not an assertion: how far behind the newest downloaded media the player plays.
  const behind = await third
    .getByTestId('stream-video')
    .evaluate((v: HTMLVideoElement) =>
      v.buffered.length > 0 ? v.buffered.end(v.buffered.length - 1) - v.currentTime : null,
    );
  console.log(
    `[figure] HTTP tier: playhead ${behind?.toFixed(2) ?? '(nothing buffered)'} s behind the newest segment's end`,
  );
  await shotsAtWidths(third, 'stream-http-tier');

  // A place frees up: the third viewer asks again (every 10 s) and joins WebRTC.
  await first.context().close();
  await expect(indicator).toHaveText('Low latency', { timeout: 120_000 });
  await expect(third.getByTestId('stream-video')).not.toHaveAttribute('data-source', 'hls');
  await playing(third);
});

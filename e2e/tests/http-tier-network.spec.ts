/// <reference lib="dom" />
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { type Browser, chromium } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectFramesAdvancing, goLive, signInPage } from '../support/broadcasting.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { expect, test } from '../support/fixtures.ts';
import { createNetns, type Netns, netnsUnavailable } from '../support/netns.ts';

/**
 * Issue 33: a visitor whose network passes only the site's HTTP port (UDP and every other TCP port dropped, as
 * behind an HTTPS-only proxy) cannot reach the media server at all; the player falls back to the HTTP tier by
 * itself, says so, plays, and is counted among the stream's viewers.
 */
const TOKEN = '0x5b2e8c1f4a7d0e3b6c9f2a5d8e1b4c7f0a3d6e9b';
const unavailable = netnsUnavailable();

let ns: Netns | undefined;
let standin: MarketStandin;
let app: RunningApp;
let hostBrowser: Browser;
let viewerBrowser: Browser;

test.skip(unavailable !== null, unavailable ?? '');

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ns = await createNetns();
  standin = await startMarketStandin();
  standin.assign(TOKEN, 'demo-pixel-pup');
  app = await startApp({
    media: true,
    host: ns.hostAddress,
    env: { MARKET_DATA_URL: standin.url, MEDIA_HTTP_TIER: 'on' },
  });
  const secure = `--unsafely-treat-insecure-origin-as-secure=${app.url}`;
  hostBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, secure] });
  viewerBrowser = await chromium.launch({ executablePath: ns.chromium, args: [...CHROMIUM_ARGS, secure] });
});
test.afterAll(async () => {
  await viewerBrowser?.close();
  await hostBrowser?.close();
  await app?.stop();
  await standin?.close();
  await ns?.remove();
});

test('a viewer whose network passes only the site’s port watches over the HTTP tier', async () => {
  test.setTimeout(360_000);
  const host = await hostBrowser.newPage();
  await signInPage(host, app.url, generatePrivateKey());
  await goLive(host, TOKEN);
  await expectFramesAdvancing(host, 'broadcast-camera');

  ns?.onlyTcpPort(Number(new URL(app.url).port));
  const viewer = await viewerBrowser.newPage();
  const errors: string[] = [];
  viewer.on('pageerror', (err) => errors.push(err.message));
  await viewer.goto(`${app.url}/livestream/${TOKEN}`);
  // WebRTC cannot connect (livekit-client gives up on the peer connection after 15 s): the HTTP tier plays.
  await expect(viewer.getByTestId('tier-indicator')).toHaveText('A few seconds behind', { timeout: 180_000 });
  await expect(viewer.getByTestId('stream-video')).toHaveAttribute('data-source', 'hls');
  await expectFramesAdvancing(viewer);
  const at = await viewer.getByTestId('stream-video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => viewer.getByTestId('stream-video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 60_000,
    })
    .toBeGreaterThan(at + 1);
  // It counts as a viewer though the media server never saw it.
  const viewers = async () =>
    ((await (await fetch(`${app.url}/api/streams/${TOKEN}`)).json()) as { num_participants: number })
      .num_participants;
  await expect.poll(viewers, { timeout: 60_000 }).toBe(1);
  expect(errors, 'uncaught errors in the viewer page').toEqual([]);
  await viewer.close();
});

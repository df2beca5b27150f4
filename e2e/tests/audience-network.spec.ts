/// <reference lib="dom" />
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { type Browser, chromium, type Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectFramesAdvancing, goLive, signInPage } from '../support/broadcasting.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { expect, test } from '../support/fixtures.ts';
import { createNetns, type Netns, netnsUnavailable } from '../support/netns.ts';

/**
 * A visitor on another machine: the app listens on the host side of a veth pair, and the viewer's Chromium
 * runs inside a network namespace that reaches only that address. The site's origin is plain http there, so
 * both browsers are told to treat it as secure (the stand-in for https); a third browser is not, and gets told
 * that broadcasting needs https.
 */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const unavailable = netnsUnavailable();

let ns: Netns | undefined;
let standin: MarketStandin;
let app: RunningApp;
let hostBrowser: Browser;
let viewerBrowser: Browser;

test.describe.configure({ mode: 'serial' });
test.skip(unavailable !== null, unavailable ?? '');

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ns = await createNetns();
  standin = await startMarketStandin();
  app = await startApp({ media: true, host: ns.hostAddress, env: { MARKET_DATA_URL: standin.url } });
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

/** Opens the stream inside the namespace and waits for moving video; prints the time to the first frame. */
const watch = async (label: string): Promise<Page> => {
  const page = await viewerBrowser.newPage();
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const pcs: RTCPeerConnection[] = [];
    (window as unknown as { pcs: RTCPeerConnection[] }).pcs = pcs;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        pcs.push(this);
      }
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const opened = Date.now();
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  // A figure for the decision record, not an assertion: frames are checked below.
  await page
    .waitForFunction(
      () =>
        (
          document.querySelector('[data-testid="stream-video"]') as HTMLVideoElement | null
        )?.getVideoPlaybackQuality().totalVideoFrames,
      undefined,
      { polling: 'raf', timeout: 120_000 },
    )
    .then(() => console.log(`[figure] ${label}: page open → first frame ${Date.now() - opened} ms`))
    .catch(() => undefined);
  await expectFramesAdvancing(page);
  expect(errors, 'uncaught errors in the viewer page').toEqual([]);
  return page;
};

/** The SFU's host candidates the viewer's browser got, and the transport of each connected pair. */
const iceOf = (page: Page) =>
  page.evaluate(async () => {
    const out = { hosts: [] as string[], selected: [] as string[] };
    for (const pc of (window as unknown as { pcs: RTCPeerConnection[] }).pcs) {
      const stats = await pc.getStats();
      stats.forEach((s) => {
        if (s.type === 'remote-candidate' && s.candidateType === 'host')
          out.hosts.push(`${s.protocol} ${s.address}`);
        if (s.type === 'transport' && s.selectedCandidatePairId) {
          const pair = stats.get(s.selectedCandidatePairId);
          out.selected.push(stats.get(pair?.localCandidateId)?.protocol);
        }
      });
    }
    return out;
  });

test('a viewer in another network watches the host through the site’s one origin', async () => {
  test.setTimeout(240_000);
  const host = await hostBrowser.newPage();
  await signInPage(host, app.url, generatePrivateKey());
  await expect(host.getByTestId('https-required')).toHaveCount(0);
  await goLive(host, TOKEN);
  await expectFramesAdvancing(host, 'broadcast-camera');

  // Only the site's address is reachable from inside: not the media server's HTTP port, not localhost.
  const viewer = await watch('UDP');
  // The SFU named the address of the interface facing the viewer (werift alone skips `veth…` interfaces).
  const ice = await iceOf(viewer);
  expect(ice.hosts).toContain(`udp ${ns?.hostAddress}`);
  expect(ice.selected).toContain('udp');
  await viewer.close();
  const config = await (await fetch(`${app.url}/api/config`)).json();
  expect(config.livekitUrl).toBe(app.url.replace(/^http/, 'ws'));
});

test('a viewer whose network drops UDP still watches (ICE over TCP)', async () => {
  test.setTimeout(300_000);
  ns?.dropUdp();
  const viewer = await watch('UDP dropped');
  expect((await iceOf(viewer)).selected).toEqual(['tcp']);
  await viewer.close();
});

test('plain http on a non-localhost address: the start-streaming page says broadcasting needs https', async ({
  page,
}) => {
  await page.goto(`${app.url}/start-streaming`);
  const alert = page.getByTestId('https-required');
  await expect(alert).toContainText('Broadcasting needs https');
  await expect(alert).toContainText(new URL(app.url).host);
});

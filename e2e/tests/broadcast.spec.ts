/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from '../support/axe.ts';
import { endBroadcast, expectFramesAdvancing, goLive, signInPage } from '../support/broadcasting.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');
/** The shared market sample: "Example Stream Token" ($XSTRM), with bsc pairs. */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const GRACE_MS = 2_000;
const HOST_KEY = generatePrivateKey();

let standin: MarketStandin;
let app: RunningApp;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  standin = await startMarketStandin();
  app = await startApp({
    media: true,
    env: { MARKET_DATA_URL: standin.url, LIVE_HOST_GRACE_MS: String(GRACE_MS) },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

/** An access token for a wallet, signed in from the test process (for direct API checks). */
const apiSession = async (privateKey: Hex): Promise<string> =>
  (await apiSignIn(app.url, privateKey)).accessToken;

const streamRecord = async () =>
  (await (await fetch(`${app.url}/api/streams/${TOKEN}`)).json()) as {
    is_currently_live: boolean;
    num_participants: number;
    thumbnail: string | null;
  };

test('a wallet goes live through the wizard, a viewer watches, screen share switches, End Stream goes offline', async ({
  browser,
}) => {
  test.setTimeout(300_000); // a loaded 2-core machine: going live alone can take 30 s
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const host = await hostContext.newPage();
  // Keeps a handle on the page's peer connections, to read which simulcast layers the browser encodes.
  await host.addInitScript(() => {
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
  /** `active` of each encoding of the camera's simulcast sender (low to high). */
  const cameraLayers = () =>
    host.evaluate(() =>
      (window as unknown as { pcs: RTCPeerConnection[] }).pcs
        .flatMap((pc) => pc.getSenders())
        .map((s) => s.getParameters().encodings ?? [])
        .find((e) => e.length === 3)
        ?.map((e) => e.active),
    );

  // Without a session: the connect prompt.
  await host.goto(`${app.url}/start-streaming`);
  await expect(host.getByRole('heading', { name: 'Start Your Stream' })).toBeVisible();
  await expect(host.getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible();
  await expect(host.getByLabel('Token Contract Address')).toHaveCount(0);

  await signInPage(host, app.url, HOST_KEY);
  const address = host.getByLabel('Token Contract Address');
  const fetchButton = host.getByRole('button', { name: 'Fetch Token' });
  await expect(address).toBeVisible();
  await expect(fetchButton).toBeDisabled();
  await address.fill('   ');
  await expect(fetchButton).toBeDisabled();
  await expectNoSeriousA11yViolationsInBothThemes(host, 'start streaming: token form (signed in)');

  // Bad address: the spec's message, once and inline (no toast beside it), and no preview.
  await address.fill('0x12345');
  await fetchButton.click();
  await expect(
    host.getByRole('alert').filter({ hasText: 'Please enter a valid BSC token address' }),
  ).toBeVisible();
  await expect(host.getByTestId('token-preview')).toHaveCount(0);

  // Good address: the preview with the spec's defaults.
  await address.fill(TOKEN);
  await fetchButton.click();
  await expect(host.getByTestId('token-preview')).toContainText('Example Stream Token');
  await expect(host.getByTestId('token-preview')).toContainText('$XSTRM');
  const title = host.getByLabel('Stream Title');
  await expect(title).toHaveValue('Example Stream Token Live Trading');
  await expect(host.getByLabel('Description')).toHaveValue(
    'Live trading and analysis for Example Stream Token (XSTRM)',
  );
  const start = host.getByRole('button', { name: 'Start Live Stream' });
  await title.fill('  ');
  await expect(start).toBeDisabled();
  await title.fill('XSTRM desk: live from loopback');
  await expect(start).toBeEnabled();
  await host.screenshot({ path: path.join(SHOTS, 'start-streaming-preview-1280.png') });
  await expectNoSeriousA11yViolationsInBothThemes(host, 'start streaming: token preview');

  // Back clears the token.
  await host.getByRole('button', { name: 'Back' }).click();
  await expect(host.getByTestId('token-preview')).toHaveCount(0);
  await expect(host.getByLabel('Stream Title')).toHaveCount(0);
  await fetchButton.click();
  await expect(title).toHaveValue('Example Stream Token Live Trading'); // a fresh token, fresh defaults

  // Start: upsert → room → host token → connect → publish → live.
  await start.click();
  await expect(host.getByText('Stream started successfully!')).toBeVisible({ timeout: 60_000 });
  const studio = host.getByRole('dialog', { name: 'Live broadcast' });
  await expect(studio.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(host.getByTestId('broadcast-elapsed')).toHaveText(/^\s*0:0\d\s*$/);
  await expectFramesAdvancing(host, 'broadcast-camera');
  expect((await streamRecord()).is_currently_live).toBe(true);
  await expectNoSeriousA11yViolationsInBothThemes(host, 'broadcaster with its cockpit');

  // Dynacast: with nobody watching, the broadcaster soon encodes only the lowest layer. Every broadcast is
  // recorded by default, and the recorder keeps the layer it writes: this broadcast turns recording off first.
  const record = host.getByRole('checkbox', { name: 'Record (replays)' });
  await expect(record).toBeChecked();
  await record.uncheck();
  await expect(record).not.toBeChecked();
  await expect.poll(cameraLayers, { timeout: 20_000 }).toEqual([true, false, false]);

  // A viewer in another context sees the host's camera moving, the LIVE badge and 1 viewer.
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewer = await viewerContext.newPage();
  await viewer.goto(`${app.url}/livestream/${TOKEN}`);
  const player = viewer.getByTestId('stream-player');
  await expect(viewer.getByTestId('stream-video')).toHaveAttribute('data-source', 'camera', {
    timeout: 30_000,
  });
  await expectFramesAdvancing(viewer);
  await expect.poll(cameraLayers, { timeout: 10_000 }).toEqual([true, true, true]); // all back for the viewer
  await expect(player.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(viewer.getByTestId('viewer-count')).toHaveText(/^\s*1\s*viewers?\s*$/, { timeout: 15_000 });
  await expect(host.getByTestId('broadcast-viewers')).toContainText('1', { timeout: 15_000 });
  await expect.poll(async () => (await streamRecord()).num_participants, { timeout: 10_000 }).toBe(1);
  await viewer.screenshot({ path: path.join(SHOTS, 'livestream-player-1280.png') });

  // Screen share: the viewer's video switches to it; the host keeps a camera picture-in-picture.
  await host.getByRole('button', { name: 'Share screen' }).click();
  await expect(viewer.getByTestId('stream-video')).toHaveAttribute('data-source', 'screen_share', {
    timeout: 20_000,
  });
  await expectFramesAdvancing(viewer);
  await expect(host.getByTestId('broadcast-pip')).toBeVisible();
  await host.screenshot({ path: path.join(SHOTS, 'broadcaster-screen-share-1280.png') });
  await host.getByRole('button', { name: 'Stop screen share' }).click();
  await expect(viewer.getByTestId('stream-video')).toHaveAttribute('data-source', 'camera', {
    timeout: 20_000,
  });

  // The broadcaster uploads a live thumbnail a few seconds in; cards then show it.
  await expect
    .poll(async () => (await streamRecord()).thumbnail, { timeout: 20_000 })
    .toMatch(/^\/api\/live\/thumbnails\//);
  const thumb = await fetch(`${app.url}${(await streamRecord()).thumbnail}`);
  expect(thumb.headers.get('content-type')).toBe('image/jpeg');

  // End Stream: flag false through the API, then disconnect; the viewer sees "Stream is offline".
  await endBroadcast(host);
  await expect(studio).toHaveCount(0);
  // The recap shows first; starting again leads back to an empty wizard.
  await host.getByTestId('stream-recap').getByRole('button', { name: 'Start a new stream' }).click();
  await expect(host.getByLabel('Token Contract Address')).toHaveValue('');
  await expect(viewer.getByTestId('player-status').getByText('Stream is offline')).toBeVisible({
    timeout: 15_000,
  });
  expect(await streamRecord()).toMatchObject({ is_currently_live: false, num_participants: 0 });
  const cards = await viewerContext.newPage();
  await cards.goto(`${app.url}/explore`);
  const card = cards.locator(`a[data-testid="stream-card"][href="/livestream/${TOKEN}"]`);
  await expect(card).toHaveAttribute('data-live', 'false');
  await expect(card.getByText('LIVE', { exact: true })).toHaveCount(0);

  // Another wallet cannot get a host token (nor create the room) for this stream.
  const stranger = await apiSession(generatePrivateKey());
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${stranger}` };
  const token = await fetch(`${app.url}/api/live/token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ roomName: `stream-${TOKEN}`, participantName: 'x', isHost: true }),
  });
  expect(token.status).toBe(403);
  const room = await fetch(`${app.url}/api/live/rooms`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ roomName: `stream-${TOKEN}` }),
  });
  expect(room.status).toBe(403);

  await viewerContext.close();
  await hostContext.close();
});

test('closing the broadcaster tab without ending marks the stream offline after the grace period', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const host = await context.newPage();
  await signInPage(host, app.url, HOST_KEY);
  await goLive(host, TOKEN);
  await expectFramesAdvancing(host, 'broadcast-camera');
  await host.screenshot({ path: path.join(SHOTS, 'broadcaster-390.png') });
  expect((await streamRecord()).is_currently_live).toBe(true);

  await host.close();
  const closedAt = Date.now();
  await expect
    .poll(async () => (await streamRecord()).is_currently_live, { timeout: 20_000, intervals: [200] })
    .toBe(false);
  // Not at once: the host had the grace period to come back.
  expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 250);
  await context.close();
});

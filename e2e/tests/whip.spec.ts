/// <reference lib="dom" />
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectFramesAdvancing, signInPage } from '../support/broadcasting.ts';
import { expect, test } from '../support/fixtures.ts';

/** The shared market sample: "Example Stream Token" ($XSTRM), with bsc pairs. */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const HOST_KEY = generatePrivateKey();

let standin: MarketStandin;
let app: RunningApp;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  app = await startApp({ media: true, env: { MARKET_DATA_URL: standin.url } });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

type Whip = { status: number; location: string | null };

/**
 * A tiny WHIP client (RFC 9725) in a page on the site's origin, as OBS speaks it: Chromium's fake camera
 * encoded as H.264 and its microphone as Opus, a non-trickle offer POSTed with the stream key as Bearer.
 */
const whipPublish = (page: Page, endpoint: string, key: string): Promise<Whip> =>
  page.evaluate(
    async ({ endpoint, key }) => {
      const w = window as unknown as { whipPc?: RTCPeerConnection };
      w.whipPc?.close();
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { width: 640, height: 360 },
        audio: true,
      });
      const pc = new RTCPeerConnection();
      w.whipPc = pc;
      for (const track of stream.getTracks()) {
        const t = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
        if (track.kind === 'video')
          t.setCodecPreferences(
            (RTCRtpSender.getCapabilities('video')?.codecs ?? []).filter(
              (c) => c.mimeType === 'video/H264' && /packetization-mode=1/.test(c.sdpFmtpLine ?? ''),
            ),
          );
      }
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.addEventListener(
          'icegatheringstatechange',
          () => pc.iceGatheringState === 'complete' && resolve(),
        );
      });
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${key}` },
        body: pc.localDescription?.sdp,
      });
      if (res.status !== 201) {
        pc.close();
        return { status: res.status, location: null };
      }
      await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
      return { status: res.status, location: res.headers.get('location') };
    },
    { endpoint, key },
  );

const whipDelete = (page: Page, location: string, key: string) =>
  page.evaluate(
    async ({ location, key }) =>
      (await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } })).status,
    { location, key },
  );

/** What the viewer's peer connections receive: the video codec and the audio packets. */
const received = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (window as unknown as { pcs: RTCPeerConnection[] }).pcs;
    let codec: string | undefined;
    let audioPackets = 0;
    for (const pc of pcs) {
      const stats = [...(await pc.getStats()).values()] as {
        type: string;
        kind?: string;
        id: string;
        codecId?: string;
        mimeType?: string;
        packetsReceived?: number;
      }[];
      for (const s of stats) {
        if (s.type !== 'inbound-rtp') continue;
        if (s.kind === 'audio') audioPackets += s.packetsReceived ?? 0;
        if (s.kind === 'video') codec = stats.find((c) => c.id === s.codecId)?.mimeType ?? codec;
      }
    }
    return { codec, audioPackets };
  });

test('OBS over WHIP: the wizard gives URL and key, H.264 + Opus reach a viewer, keys are checked and regenerated, DELETE ends the stream', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await (await browser.newContext()).newPage();
  await signInPage(host, app.url, HOST_KEY);
  await host.getByLabel('Token Contract Address').fill(TOKEN);
  await host.getByRole('button', { name: 'Fetch Token' }).click();
  await host.getByText('OBS / streaming software').click();
  await expect(host.getByRole('radio', { name: /OBS \/ streaming software/ })).toBeChecked();
  await host.getByRole('button', { name: 'Set Up OBS Stream' }).click();
  await expect(host).toHaveURL(new RegExp(`/dashboard/${TOKEN}$`), { timeout: 30_000 });
  const endpoint = `${app.url}/whip/${TOKEN}`;
  await expect(host.getByLabel('WHIP server URL', { exact: true })).toHaveValue(endpoint);
  const keyField = host.getByLabel('Stream key', { exact: true });
  await expect(keyField).toHaveAttribute('type', 'password');
  await host.getByRole('button', { name: 'Reveal stream key' }).click();
  await expect(keyField).toHaveAttribute('type', 'text');
  const firstKey = await keyField.inputValue();
  expect(firstKey).toMatch(/^mck_/);
  await expect(host.getByTestId('ingest-state')).toContainText('Offline');
  // The broadcaster's cockpit beside the settings: chat with the creator's tools, no health while offline.
  const cockpit = host.getByRole('region', { name: 'Cockpit', exact: true });
  const hostChat = cockpit.getByRole('region', { name: 'Live Chat', exact: true });
  await expect(hostChat).toBeVisible();
  await expect(cockpit.getByTestId('cockpit-bitrate')).toHaveText('—');

  // A viewer waits on the stream page (offline until media arrives).
  const viewer = await (await browser.newContext()).newPage();
  await viewer.addInitScript(() => {
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
  await viewer.goto(`${app.url}/livestream/${TOKEN}`);
  await expect(viewer.getByTestId('player-status').getByText('Stream is offline')).toBeVisible({
    timeout: 30_000,
  });

  const obs = await (await browser.newContext()).newPage();
  await obs.goto(`${app.url}/how-to-stream`);
  expect((await whipPublish(obs, endpoint, `${firstKey}x`)).status).toBe(401);
  const published = await whipPublish(obs, endpoint, firstKey);
  expect(published.status).toBe(201);
  expect(published.location).toMatch(new RegExp(`^${app.url}/whip/${TOKEN}/[0-9a-f]{32}$`));

  // Live once media arrives: the viewer gets the player (pushed) and moving H.264 frames and Opus packets.
  await expectFramesAdvancing(viewer);
  await expect.poll(async () => (await received(viewer)).codec, { timeout: 20_000 }).toBe('video/H264');
  const audio = (await received(viewer)).audioPackets;
  await expect
    .poll(async () => (await received(viewer)).audioPackets, { timeout: 20_000 })
    .toBeGreaterThan(audio);
  await expect(host.getByTestId('ingest-state')).toContainText('LIVE', { timeout: 30_000 });

  // The dashboard's cockpit while OBS streams: health as the media server receives it, the viewer, time live.
  await expect(cockpit.getByTestId('cockpit-fps')).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
  await expect(cockpit.getByTestId('cockpit-bitrate')).toHaveText(/^(?!0\.00 )\d+\.\d\d Mb\/s$/);
  await expect(cockpit.getByTestId('cockpit-loss')).toHaveText(/^\d+(\.\d)?%$/);
  // The frame size from the H.264 SPS OBS sends before each keyframe.
  await expect(cockpit.getByTestId('cockpit-resolution')).toHaveText('640×360');
  await expect(cockpit.getByTestId('cockpit-viewers')).toHaveText('1', { timeout: 30_000 });
  await expect(cockpit.getByTestId('cockpit-elapsed')).not.toHaveText('0:00');
  // The host posts from the dashboard's chat; the viewer reads it.
  const input = hostChat.getByRole('textbox', { name: 'Chat message' });
  await input.fill('hello from OBS');
  await input.press('Enter');
  // A message, not the input, which still holds the text until the post's answer comes back.
  await expect(hostChat.getByTestId('chat-message').getByText('hello from OBS')).toBeVisible();
  await expect(
    viewer
      .getByRole('region', { name: 'Live Chat', exact: true })
      .getByTestId('chat-message')
      .getByText('hello from OBS'),
  ).toBeVisible();

  // Regenerating on the dashboard invalidates the old key at once.
  await host.getByRole('button', { name: 'Regenerate stream key' }).click();
  await expect(host.getByText('New stream key generated. The old key no longer works.')).toBeVisible();
  await host.getByRole('button', { name: 'Reveal stream key' }).click();
  await expect(keyField).not.toHaveValue(firstKey);
  const secondKey = await keyField.inputValue();
  // After a reload the key is hidden, and its creator can show it again (issue 29 item 8).
  await host.reload();
  await expect(host.getByTestId('stream-key-hidden')).toContainText('Your stream key is hidden.');
  await host.getByRole('button', { name: 'Show stream key' }).click();
  await expect(keyField).toHaveAttribute('type', 'text');
  await expect(keyField).toHaveValue(secondKey);
  expect(await whipDelete(obs, published.location ?? '', firstKey)).toBe(401);
  await expectFramesAdvancing(viewer);

  // DELETE with the current key stops the ingest: the viewer sees the stream end.
  expect(await whipDelete(obs, published.location ?? '', secondKey)).toBe(200);
  await expect(viewer.getByTestId('player-status').getByText('Stream is offline')).toBeVisible({
    timeout: 30_000,
  });
  await expect(host.getByTestId('ingest-state')).toContainText('Offline', { timeout: 30_000 });
});

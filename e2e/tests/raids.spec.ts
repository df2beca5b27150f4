/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { goLive, signInPage } from '../support/broadcasting.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { SHOTS, shotsAtWidths } from '../support/screenshots.ts';

/** The shared market sample: "Example Stream Token" ($XSTRM); the creator broadcasts it from the browser. */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
/** Another stream, live: the raid's target (seeded live; the reconcile is off, so nothing takes it offline). */
const TARGET = streamSeed({
  name: 'Raid Target Show',
  symbol: 'RAIDME',
  is_currently_live: true,
  num_participants: 4,
});

/** A stream broadcast from OBS, live (seeded: no streaming software here), owned by OBS_KEY's wallet. */
const OBS_KEY = generatePrivateKey();
const OBS_SOURCE = streamSeed({
  name: 'OBS Desk Show',
  symbol: 'OBSD',
  is_currently_live: true,
  num_participants: 3,
  creator_address: privateKeyToAccount(OBS_KEY).address.toLowerCase(),
});

let standin: MarketStandin;
let app: RunningApp;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  standin = await startMarketStandin();
  app = await startApp({
    media: true,
    streams: [TARGET, OBS_SOURCE],
    env: { MARKET_DATA_URL: standin.url, LIVE_RECONCILE_INTERVAL_MS: '0' },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

/** A viewer on the creator's stream page, its realtime socket subscribed to the stream's status. */
const openViewer = async (browser: import('@playwright/test').Browser, mint = TOKEN): Promise<Page> => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(`${app.url}/livestream/${mint}`);
  await expect(page.getByTestId('stream-page')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => frames.some((f) => f.includes('"subscribed"') && f.includes(`stream_status_${mint}`)), {
      timeout: 30_000,
    })
    .toBe(true);
  return page;
};

test('a creator ends the broadcast with a raid: two viewers move to the live target with the banner, its chat shows the raid', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInPage(host, app.url, generatePrivateKey());
  await goLive(host, TOKEN);

  const viewers = [await openViewer(browser), await openViewer(browser)];

  await host.getByRole('button', { name: 'End Stream' }).click();
  const dialog = host.getByRole('dialog', { name: 'End your stream?' });
  await expect(dialog).toBeVisible();
  const picker = dialog.getByRole('group', { name: 'Send your viewers to another live stream' });
  // The live target is offered (the creator's own stream is not); "No raid" is the default.
  await expect(picker.getByRole('radio', { name: /Raid Target Show/ })).toBeVisible();
  await expect(picker.getByRole('radio', { name: /Example Stream Token/ })).toHaveCount(0);
  await expect(picker.getByRole('radio', { name: 'No raid, just end the stream' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'End Stream' })).toBeEnabled();

  // A pasted address that is not one blocks ending until it is fixed; the creator's own is refused too.
  const address = picker.getByRole('textbox', { name: 'Or paste a live stream’s contract address' });
  await address.fill('0x1234');
  await expect(picker.getByRole('alert')).toHaveText(/Enter a contract address/);
  await expect(dialog.getByRole('button', { name: 'End Stream' })).toBeDisabled();
  await address.fill(TOKEN);
  await expect(picker.getByRole('alert')).toHaveText('That is your own stream');
  await address.fill('');

  await picker.getByRole('radio', { name: /Raid Target Show/ }).check();
  await expect(dialog.getByRole('button', { name: 'Raid and end' })).toBeVisible();
  await shotsAtWidths(host, 'raid-picker');
  await dialog.getByRole('button', { name: 'Raid and end' }).click();

  // Both viewers are on the target's page with the banner; its chat (history) shows the raid line.
  for (const viewer of viewers) {
    await expect(viewer).toHaveURL(`${app.url}/livestream/${TARGET.mint}`, { timeout: 30_000 });
    const banner = viewer.getByTestId('raid-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(/Raided by 0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4} with \d+ viewers?/);
    const line = viewer.getByTestId('chat-column').getByTestId('raid-line');
    await expect(line).toContainText(/Raided by 0x.+ with \d+ viewers?/);
    await expect(line).toContainText(/from Example Stream Token.* \(\$XSTRM\)/);
  }
  // The creator's broadcast ended (the recap shows, with where the audience went) and the stream is offline.
  await expect(host.getByTestId('stream-recap')).toBeVisible({ timeout: 30_000 });
  await expect(host.getByTestId('recap-raid')).toHaveText(/^Raided Raid Target Show with \d+ viewers?$/);
  await expect(host.getByTestId('recap-raid').getByRole('link')).toHaveAttribute(
    'href',
    `/livestream/${TARGET.mint}`,
  );
  await shotsAtWidths(host, 'raid-recap');
  const record = (await (await fetch(`${app.url}/api/streams/${TOKEN}`)).json()) as {
    is_currently_live: boolean;
  };
  expect(record.is_currently_live).toBe(false);

  const [first, second] = viewers as [Page, Page];
  await shotsAtWidths(first, 'raid-banner');
  // Dismissed, the banner is gone; a reload does not bring it back, the raid line stays in the chat.
  await first.getByRole('button', { name: 'Dismiss' }).click();
  await expect(first.getByTestId('raid-banner')).toHaveCount(0);
  await second.reload();
  await expect(second.getByTestId('stream-page')).toBeVisible();
  await expect(second.getByTestId('raid-banner')).toHaveCount(0);
  await expect(second.getByTestId('chat-column').getByTestId('raid-line')).toBeVisible();
});

test('the OBS dashboard ends a stream with the same raid choice: a viewer moves to the target, the stream goes offline', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInPage(host, app.url, OBS_KEY);
  await host.goto(`${app.url}/dashboard/${OBS_SOURCE.mint}`);
  await expect(host.getByTestId('ingest-state').getByTestId('live-badge')).toBeVisible({ timeout: 30_000 });
  const viewer = await openViewer(browser, OBS_SOURCE.mint);

  await host.getByRole('button', { name: 'End Stream' }).click();
  const dialog = host.getByRole('dialog', { name: 'End your stream?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Then stop streaming in your streaming software (OBS)');
  const picker = dialog.getByRole('group', { name: 'Send your viewers to another live stream' });
  await expect(picker.getByRole('radio', { name: /OBS Desk Show/ })).toHaveCount(0);
  await picker.getByRole('radio', { name: /Raid Target Show/ }).check();
  await shotsAtWidths(host, 'raid-picker-dashboard');
  await dialog.getByRole('button', { name: 'Raid and end' }).click();

  await expect(viewer).toHaveURL(`${app.url}/livestream/${TARGET.mint}`, { timeout: 30_000 });
  await expect(viewer.getByTestId('raid-banner')).toContainText(/Raided by 0x.+ with \d+ viewers?/);
  // The dashboard shows the stream offline, without End Stream; the site says so too.
  await expect(host.getByTestId('ingest-state')).toHaveText('Offline — waiting for your streaming software', {
    timeout: 30_000,
  });
  await expect(host.getByRole('button', { name: 'End Stream' })).toHaveCount(0);
  const record = (await (await fetch(`${app.url}/api/streams/${OBS_SOURCE.mint}`)).json()) as {
    is_currently_live: boolean;
  };
  expect(record.is_currently_live).toBe(false);
});

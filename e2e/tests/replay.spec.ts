/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { type ApiSession, apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from '../support/axe.ts';
import { endBroadcast, expectFramesAdvancing, goLive, signInPage } from '../support/broadcasting.ts';
import { randomMint } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { SHOTS, STILL } from '../support/screenshots.ts';

/** The shared market sample: "Example Stream Token" ($XSTRM), with bsc pairs. */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const HOST_KEY = generatePrivateKey();

let standin: MarketStandin;
let app: RunningApp;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  standin.setPrice(TOKEN, 1);
  // A short cache, so that a price tick reaches the site (and the replay's record) within a second.
  app = await startApp({ media: true, env: { MARKET_DATA_URL: standin.url, MARKET_CACHE_TTL_MS: '1000' } });
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

interface Recording {
  id: string;
  status: 'recording' | 'ready' | 'failed';
  durationMs: number | null;
  videoUrl: string | null;
}

const recordingsOf = async (session?: ApiSession, mint = TOKEN): Promise<Recording[]> => {
  const res = await fetch(`${app.url}/api/streams/${mint}/recordings`, {
    headers: session ? { authorization: `Bearer ${session.accessToken}` } : {},
  });
  return ((await res.json()) as { items: Recording[] }).items;
};

/** Seconds shown by the broadcaster's elapsed-time counter (`m:ss`). */
const elapsedSeconds = async (host: Page): Promise<number> => {
  const text = (await host.getByTestId('broadcast-elapsed').textContent())?.trim() ?? '';
  const [m = '0', s = '0'] = text.split(':');
  return Number(m) * 60 + Number(s);
};

const video = (page: Page) => page.getByTestId('replay-video');
const replayChat = (page: Page) => page.getByRole('region', { name: 'Chat replay' });
const seek = (page: Page, seconds: number) =>
  video(page).evaluate(
    (v: HTMLVideoElement, t) =>
      new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = t;
      }),
    seconds,
  );

/** The token's price as the site serves it now, if fetched from the market after `since` (ms), else null. */
const sitePrice = async (since: number): Promise<number | null> => {
  const data = (await (await fetch(`${app.url}/api/tokens/${TOKEN}`)).json()) as {
    priceUsd: number;
    fetchedAt: string;
  };
  return Date.parse(data.fetchedAt) > since ? data.priceUsd : null;
};
const playheadX = async (page: Page): Promise<number> =>
  (await page.getByTestId('replay-price-playhead').boundingBox())?.x ?? Number.NaN;

let replayId = '';
let liveClipUrl = '';
let messageOffsetMs = 0;

test('a broadcast is recorded and clipped; the clip plays and shares as an MP4; after End its replay plays, seeks, and shows the chat at its moment', async ({
  browser,
}) => {
  test.setTimeout(480_000); // a loaded 2-core machine: going live alone can take 30 s; CI ran 5 min to the axe step
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const host = await hostContext.newPage();
  await signInPage(host, app.url, HOST_KEY);
  await goLive(host, TOKEN);
  await expectFramesAdvancing(host, 'broadcast-camera');

  // The creator sees the broadcast being recorded; the public list has nothing playable yet.
  const creator = await apiSignIn(app.url, HOST_KEY);
  await expect
    .poll(async () => (await recordingsOf(creator)).map((r) => r.status), { timeout: 30_000 })
    .toEqual(['recording']);
  expect(await recordingsOf()).toEqual([]);

  // The cockpit's switches: recording and clipping are on by default; the creator can turn clipping off and on.
  const record = host.getByRole('checkbox', { name: 'Record (replays)' });
  const allowClips = host.getByRole('checkbox', { name: 'Viewers may clip' });
  await expect(record).toBeChecked();
  await expect(allowClips).toBeChecked();
  const clipSetting = async () =>
    (
      (await (
        await fetch(`${app.url}/api/streams/${TOKEN}/clip-settings`, {
          headers: { authorization: `Bearer ${creator.accessToken}` },
        })
      ).json()) as { enabled: boolean }
    ).enabled;
  await allowClips.uncheck();
  await expect.poll(clipSetting).toBe(false);
  await allowClips.check();
  await expect.poll(clipSetting).toBe(true);

  // A few seconds in, a viewer writes; a few seconds later the host ends the stream.
  const atStart = await elapsedSeconds(host);
  await expect.poll(() => elapsedSeconds(host), { timeout: 30_000 }).toBeGreaterThanOrEqual(atStart + 3);
  const viewerSession = await apiSignIn(app.url);
  const posted = await viewerSession.post(`/api/streams/${TOKEN}/messages`, {
    content: 'did you see that candle',
  });
  expect(posted.status).toBe(201);
  const atMessage = await elapsedSeconds(host);
  // The price ticks up: the site's market data shows it (each fresh fetch while live is kept for the replay).
  const live = Date.now();
  await expect.poll(() => sitePrice(live), { timeout: 30_000 }).toBe(1);
  standin.setPrice(TOKEN, 1.8);
  await expect.poll(() => sitePrice(live), { timeout: 30_000 }).toBe(1.8);
  await expect.poll(() => elapsedSeconds(host), { timeout: 30_000 }).toBeGreaterThanOrEqual(atMessage + 4);

  // While live, a signed-in viewer clips the last 10 s: its page plays about 10 s of the stream.
  await expect.poll(() => elapsedSeconds(host), { timeout: 30_000 }).toBeGreaterThanOrEqual(atStart + 13);
  const clipperContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const clipper = await clipperContext.newPage();
  await signInPage(clipper, app.url, generatePrivateKey());
  await clipper.goto(`${app.url}/livestream/${TOKEN}`);
  await clipper.getByRole('button', { name: 'Clip', exact: true }).click();
  const dialog = clipper.getByRole('dialog', { name: 'Clip the last moments' });
  await dialog.getByLabel('Length').selectOption('10');
  await dialog.getByLabel('Title').fill('the candle');
  await dialog.getByRole('button', { name: 'Make clip' }).click();
  // Cutting transcodes (libx264): on a busy CI machine running other browsers it took over 30 s.
  await expect(clipper).toHaveURL(/\/clip\/[0-9a-f-]{36}$/, { timeout: 120_000 });
  await expect(clipper.getByRole('heading', { name: 'the candle' })).toBeVisible();
  await expect(clipper.getByRole('link', { name: 'Watch live' })).toHaveAttribute(
    'href',
    `/livestream/${TOKEN}`,
  );
  await expect(clipper.getByRole('link', { name: 'Trade' })).toBeVisible();
  const clipVideo = clipper.getByTestId('clip-video');
  await expect
    .poll(() => clipVideo.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const clipSeconds = await clipVideo.evaluate((v: HTMLVideoElement) => v.duration);
  expect(clipSeconds).toBeGreaterThan(8);
  // About 10 s. Known defect (issue 30's note): on a loaded machine the recording's audio and video start apart
  // and the MP4's duration is its longer track's (seen 11.7, 12.6 and once 13.6 s at load ≈ 20).
  expect(clipSeconds).toBeLessThan(14);
  await clipVideo.evaluate((v: HTMLVideoElement) => v.play());
  await expectFramesAdvancing(clipper, 'clip-video');
  await clipVideo.evaluate((v: HTMLVideoElement) => v.pause());
  await clipper.screenshot({ path: path.join(SHOTS, 'clip-1280.png') });
  await expectNoSeriousA11yViolationsInBothThemes(clipper, 'clip page');
  await clipper.setViewportSize({ width: 390, height: 844 });
  await clipper.screenshot({ path: path.join(SHOTS, 'clip-390.png'), fullPage: true, style: STILL });

  // The shared link's og:video is an MP4 that ffprobe reads as H.264 + AAC.
  liveClipUrl = clipper.url();
  const html = await (await fetch(clipper.url())).text();
  const ogVideo = /<meta property="og:video" content="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(ogVideo).toMatch(/\/api\/clips\/[0-9a-f-]{36}\/video$/);
  const mp4 = path.join(app.dataDir, 'shared-clip.mp4');
  await writeFile(
    mp4,
    Buffer.from(await (await fetch(ogVideo.replace(/^https?:\/\/[^/]+/, app.url))).arrayBuffer()),
  );
  const probe = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'json',
      mp4,
    ]).toString(),
  ) as { streams: { codec_name: string }[] };
  expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  await clipperContext.close();

  // The creator's cockpit counts the clip (it is read again every 15 s) and, unfolded, lists it with a link
  // that opens it in a new tab.
  await expect(host.getByTestId('cockpit-clip-count')).toHaveText('1', { timeout: 45_000 });
  await host.getByRole('region', { name: 'Clips' }).getByText('Clips').click();
  const cockpitClip = host.getByTestId('cockpit-clip').filter({ hasText: 'the candle' });
  await expect(cockpitClip).toBeVisible();
  await expect(cockpitClip.getByRole('link', { name: 'the candle' })).toHaveAttribute(
    'href',
    new URL(liveClipUrl).pathname,
  );
  await expect(cockpitClip.getByRole('button', { name: 'Remove the clip “the candle”' })).toBeVisible();

  // A second viewer's clip the creator does not want up: Remove in the cockpit, asked once more, takes it off
  // the list, and its page then says it was removed.
  const unwanted = await viewerSession.post(`/api/streams/${TOKEN}/clips`, {
    seconds: 10,
    title: 'not this',
  });
  expect(unwanted.status).toBe(201);
  const unwantedId = ((await unwanted.json()) as { id: string }).id;
  await expect(host.getByTestId('cockpit-clip-count')).toHaveText('2', { timeout: 45_000 });
  const unwantedRow = host.getByTestId('cockpit-clip').filter({ hasText: 'not this' });
  await unwantedRow.getByRole('button', { name: 'Remove the clip “not this”' }).click();
  // Nothing is removed until the creator confirms in the row.
  await expect(unwantedRow).toBeVisible();
  expect((await fetch(`${app.url}/api/clips/${unwantedId}`)).status).toBe(200);
  await unwantedRow.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(host.getByText('The clip was removed')).toBeVisible();
  await expect(unwantedRow).toHaveCount(0);
  await expect(host.getByTestId('cockpit-clip-count')).toHaveText('1');
  await expect(cockpitClip).toBeVisible();
  expect((await fetch(`${app.url}/api/clips/${unwantedId}`)).status).toBe(410);
  // A context of its own: a second tab of the host's, without the host's injected wallet, signs the host out.
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const removedPage = await visitorContext.newPage();
  await removedPage.goto(`${app.url}/clip/${unwantedId}`);
  await expect(removedPage.getByText('This clip was removed')).toBeVisible();
  await visitorContext.close();

  await endBroadcast(host);

  // The media server finishes the file and the recording becomes a public replay.
  await expect
    .poll(async () => (await recordingsOf()).map((r) => r.status), { timeout: 30_000 })
    .toEqual(['ready']);
  const [recording] = await recordingsOf();
  replayId = recording?.id ?? '';
  expect(recording?.durationMs).toBeGreaterThan(5_000);
  // The host's recap offers it too, once the file is finished (issue 29 item 9).
  await expect(
    host.getByTestId('stream-recap').getByRole('link', { name: 'Watch the replay' }),
  ).toHaveAttribute('href', `/replay/${replayId}`);

  // The offline stream page offers the latest broadcast instead of a dead end.
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewer = await viewerContext.newPage();
  await viewer.goto(`${app.url}/livestream/${TOKEN}`);
  await expect(viewer.getByRole('heading', { name: 'Past broadcasts' })).toBeVisible();
  await viewer.getByRole('link', { name: 'Watch the latest broadcast' }).click();
  await expect(viewer).toHaveURL(`${app.url}/replay/${replayId}`);
  await expect(
    viewer.getByRole('heading', { name: 'Example Stream Token Live Trading · Replay' }),
  ).toBeVisible();

  // Before playing: the chat is empty (the message comes a few seconds into the broadcast).
  // The file's index is read (HAVE_METADATA): its duration is the recording's.
  await expect
    .poll(() => video(viewer).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const duration = await video(viewer).evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.abs(duration * 1000 - (recording?.durationMs ?? 0))).toBeLessThan(1_500);
  await expect(replayChat(viewer).getByText('did you see that candle')).toHaveCount(0);
  await expect(replayChat(viewer)).toContainText('Nobody has written yet');

  // Playing: frames are decoded, and the message appears once the playhead reaches its moment.
  await video(viewer).evaluate((v: HTMLVideoElement) => v.play());
  await expectFramesAdvancing(viewer, 'replay-video');
  const message = replayChat(viewer).getByText('did you see that candle');
  await expect(message).toBeVisible({ timeout: 30_000 });
  messageOffsetMs = Number(
    await replayChat(viewer).locator('li[data-offset-ms]').first().getAttribute('data-offset-ms'),
  );
  expect(messageOffsetMs).toBeGreaterThan(1_000);
  const shownAt = await video(viewer).evaluate((v: HTMLVideoElement) => v.currentTime * 1000);
  expect(shownAt).toBeGreaterThanOrEqual(messageOffsetMs);

  // A seek back before its moment hides it; playing on from there shows it again at its moment.
  await video(viewer).evaluate((v: HTMLVideoElement) => v.pause());
  await seek(viewer, 0);
  await expect(message).toHaveCount(0);
  await video(viewer).evaluate((v: HTMLVideoElement) => v.play());
  await expectFramesAdvancing(viewer, 'replay-video');
  await expect(message).toBeVisible({ timeout: 30_000 });
  // A seek forward past its moment shows it at once, and the frame there is decoded.
  await video(viewer).evaluate((v: HTMLVideoElement) => v.pause());
  await seek(viewer, 0);
  await expect(message).toHaveCount(0);
  await seek(viewer, messageOffsetMs / 1000 + 0.5);
  await expect(message).toBeVisible();
  expect(await video(viewer).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);

  // The price over the broadcast, 1 → 1.8: the playhead follows the video, and a click on the chart seeks it.
  const chart = viewer.getByTestId('replay-price-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('data-first-price', '1');
  await expect(chart).toHaveAttribute('data-last-price', '1.8');
  await seek(viewer, 1);
  await expect.poll(() => playheadX(viewer)).not.toBeNaN();
  const early = await playheadX(viewer);
  await seek(viewer, duration - 1);
  await expect.poll(() => playheadX(viewer)).toBeGreaterThan(early + 50);
  const box = await viewer.getByTestId('replay-price-plot').boundingBox();
  if (!box) throw new Error('no chart canvas');
  // The video is near its end; a click a quarter of the way along the chart brings it back there.
  await viewer.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
  const currentTime = () => video(viewer).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(currentTime, { timeout: 15_000 }).toBeLessThan(0.6 * duration);
  expect(await currentTime()).toBeGreaterThan(0.05 * duration);
  await seek(viewer, messageOffsetMs / 1000 + 0.5);

  await viewer.screenshot({ path: path.join(SHOTS, 'replay-1280.png') });
  await expectNoSeriousA11yViolationsInBothThemes(viewer, 'replay page');
  await viewer.setViewportSize({ width: 390, height: 844 });
  await expect(message).toBeVisible();
  await viewer.screenshot({ path: path.join(SHOTS, 'replay-390.png'), fullPage: true, style: STILL });
  await expectNoSeriousA11yViolationsInBothThemes(viewer, 'replay page at 390 px');

  await hostContext.close();
  await viewerContext.close();
});

test('a signed-in viewer clips a replay up to its playhead; the clip plays', async ({ browser }) => {
  test.skip(!replayId, 'needs the recording of the first test');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInPage(page, app.url, generatePrivateKey());
  await page.goto(`${app.url}/replay/${replayId}`);
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const duration = await video(page).evaluate((v: HTMLVideoElement) => v.duration);
  // The playhead 12 s in (or at the end of a shorter replay): the clip is the 10 s before it.
  const at = Math.min(12, duration);
  await seek(page, at);
  await page.getByRole('button', { name: 'Clip', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Clip up to this moment' });
  await dialog.getByLabel('Length').selectOption('10');
  await expect(dialog.getByLabel('Length')).toHaveValue('10');
  await expect(dialog.getByRole('option', { name: 'The 10 seconds before' })).toBeAttached();
  await dialog.getByLabel('Title').fill('before the pump');
  await dialog.getByRole('button', { name: 'Make clip' }).click();
  await expect(page).toHaveURL(/\/clip\/[0-9a-f-]{36}$/, { timeout: 120_000 });
  await expect(page.getByRole('heading', { name: 'before the pump' })).toBeVisible();
  const clipId = page.url().split('/').pop() ?? '';
  const clip = (await (await fetch(`${app.url}/api/clips/${clipId}`)).json()) as { durationMs: number };
  expect(clip.durationMs).toBeGreaterThan(Math.min(8_000, at * 1000 - 1_000));
  expect(clip.durationMs).toBeLessThan(14_000);
  const clipVideo = page.getByTestId('clip-video');
  await expect
    .poll(() => clipVideo.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  await clipVideo.evaluate((v: HTMLVideoElement) => v.play());
  await expectFramesAdvancing(page, 'clip-video');

  // Its author may remove it, not report it; after Remove the clip is gone for everyone.
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove clip' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove clip' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page).toHaveURL(`${app.url}/livestream/${TOKEN}`);
  expect((await fetch(`${app.url}/api/clips/${clipId}`)).status).toBe(410);
  await page.goto(`${app.url}/clip/${clipId}`);
  await expect(page.getByText('This clip was removed')).toBeVisible();

  // Someone else's clip: this wallet reports it (once), and may not remove it.
  await page.goto(liveClipUrl);
  await expect(page.getByRole('heading', { name: 'the candle' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove clip' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report clip' });
  await report.getByRole('radio', { name: 'Scam' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks — your report was sent to the moderators')).toBeVisible();
  await context.close();
});

test('a replay id that does not exist, and a replay its creator deleted, say so', async ({ page }) => {
  test.skip(!replayId, 'needs the recording of the first test');
  await page.goto(`${app.url}/replay/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText('Replay not found')).toBeVisible();
  await page.goto(`${app.url}/replay/not-a-uuid`);
  await expect(page.getByText('Replay not found')).toBeVisible();

  // Only the creator (or an admin) may delete it; then the link says it was deleted, and the file is gone.
  const stranger = await apiSignIn(app.url);
  const refused = await fetch(`${app.url}/api/recordings/${replayId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${stranger.accessToken}` },
  });
  expect(refused.status).toBe(403);
  // A visitor is not offered the button; the creator deletes it from the replay page, after a confirmation.
  await page.goto(`${app.url}/replay/${replayId}`);
  await expect(page.getByTestId('replay-video')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete replay' })).toHaveCount(0);
  await signInPage(page, app.url, HOST_KEY);
  await page.goto(`${app.url}/replay/${replayId}`);
  await page.getByRole('button', { name: 'Delete replay' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete replay' });
  await expect(confirm).toContainText('Delete this replay for everyone? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(`${app.url}/livestream/${TOKEN}`);
  await expect(page.getByText('Replay deleted')).toBeVisible();
  await page.goto(`${app.url}/replay/${replayId}`);
  await expect(page.getByText('This replay was deleted')).toBeVisible();
  expect((await fetch(`${app.url}/api/recordings/${replayId}/video`)).status).toBe(410);
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Example Stream Token' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Past broadcasts' })).toHaveCount(0);
});

test('a creator who unticks "Record this broadcast" in the wizard goes live unrecorded, and the wizard keeps that choice', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const mint = randomMint();
  standin.assign(mint, 'demo-pixel-pup');
  const key = generatePrivateKey();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const host = await context.newPage();
  await signInPage(host, app.url, key);
  await host.getByLabel('Token Contract Address').fill(mint);
  await host.getByRole('button', { name: 'Fetch Token' }).click();
  const record = host.getByRole('checkbox', { name: /Record this broadcast/ });
  await expect(record).toBeChecked(); // on unless the creator says no (issue 30)
  await record.uncheck();
  await host.getByRole('button', { name: 'Start Live Stream' }).click();
  await expect(host.getByText('Stream started successfully!')).toBeVisible({ timeout: 60_000 });
  await expectFramesAdvancing(host, 'broadcast-camera');

  const creator = await apiSignIn(app.url, key);
  const settings = await fetch(`${app.url}/api/streams/${mint}/recording-settings`, {
    headers: { authorization: `Bearer ${creator.accessToken}` },
  });
  expect(await settings.json()).toEqual({ enabled: false });
  expect(await recordingsOf(creator, mint)).toEqual([]);

  await endBroadcast(host);
  expect(await recordingsOf(creator, mint)).toEqual([]);

  // Back in the wizard for the same token, the box shows the stream's switch as the creator left it.
  await host.goto(`${app.url}/start-streaming`);
  await host.getByLabel('Token Contract Address').fill(mint);
  await host.getByRole('button', { name: 'Fetch Token' }).click();
  await expect(host.getByRole('checkbox', { name: /Record this broadcast/ })).not.toBeChecked();
  await context.close();
});

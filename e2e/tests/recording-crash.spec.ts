/// <reference lib="dom" />
/**
 * Issue 30's fault "the media server killed mid-recording": a host broadcasts from Chromium under `npm start`'s
 * launcher, the media server is killed (SIGKILL) while it writes the recording, the launcher starts it again and
 * the new media server finishes the cut file. The replay then plays up to the kill, nothing that was on disk
 * before the kill is lost, and the API never answers 500 meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { type ApiSession, apiSignIn } from '../support/api-session.ts';
import { expectFramesAdvancing, goLive, signInPage } from '../support/broadcasting.ts';
import { expect, test } from '../support/fixtures.ts';
import { type RunningLauncher, startLauncher } from '../support/launcher.ts';

/** The shared market sample: "Example Stream Token" ($XSTRM), with bsc pairs. */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const HOST_KEY = generatePrivateKey();
/** Media recorded before the kill (s): long enough that "up to the kill" is not "the first second". */
const RECORD_BEFORE_KILL_S = 12;

let standin: MarketStandin;
let site: RunningLauncher;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(660_000); // npm start builds the site first when dist/ is missing or stale
  standin = await startMarketStandin();
  site = await startLauncher({ MARKET_DATA_URL: standin.url, LIVE_RECONCILE_INTERVAL_MS: '1000' });
});
test.afterEach(() => {
  const info = test.info();
  if (info.status !== info.expectedStatus)
    console.log(`launcher output (last 20,000 characters):\n${site?.logs()}`);
});
test.afterAll(async () => {
  await site?.stop();
  await standin?.close();
});

interface Recording {
  id: string;
  status: 'recording' | 'ready' | 'failed';
  durationMs: number | null;
  sizeBytes: number | null;
  videoUrl: string | null;
}

/** The recording's file as the media server writes it (`recordings/<mint>/<id>.webm` in the data folder). */
const fileOf = (id: string): string | undefined => {
  const root = path.join(site.dataDir, 'recordings');
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .map((dir) => path.join(root, dir, `${id}.webm`))
    .find((f) => existsSync(f));
};

/** The last video timestamp (s) ffprobe finds in a WebM, read from its start (a file being written has no index). */
const lastVideoSecond = (file: string): number => {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  return Math.max(0, ...out.split('\n').map(Number).filter(Number.isFinite));
};

/** A file's duration (s), codecs and decoded video frames; a decoding error makes it throw. */
const decode = (file: string) => {
  // ffmpeg decodes every frame of both tracks and stops with an error at the first broken one.
  execFileSync('ffmpeg', ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-'], { stdio: 'pipe' });
  const out = JSON.parse(
    execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-count_frames',
        '-show_entries',
        'format=duration:stream=codec_name,nb_read_frames',
        '-of',
        'json',
        file,
      ],
      { encoding: 'utf8' },
    ),
  ) as { format: { duration?: string }; streams: { codec_name: string; nb_read_frames?: string }[] };
  return {
    duration: Number(out.format.duration ?? 0),
    codecs: out.streams.map((s) => s.codec_name).sort(),
    videoFrames: Number(out.streams.find((s) => s.codec_name === 'vp8')?.nb_read_frames ?? 0),
  };
};

/**
 * Every answer of the recording API while the test runs, asked again and again in the background: the list, the
 * recording itself and the start of its video (a Range request, as a player makes).
 */
const watchApi = (creator: ApiSession, recordingId: () => string) => {
  const answers: string[] = [];
  let stopped = false;
  const ask = async (what: string, url: string, init: RequestInit = {}) => {
    const res = await fetch(`${site.url}${url}`, init).catch(() => undefined);
    answers.push(`${what} ${res?.status ?? 'no answer'}`);
    await res?.arrayBuffer().catch(() => undefined);
  };
  const auth = { authorization: `Bearer ${creator.accessToken}` };
  const loop = (async () => {
    while (!stopped) {
      await ask('list', `/api/streams/${TOKEN}/recordings`, { headers: auth });
      const id = recordingId();
      if (id) {
        await ask('recording', `/api/recordings/${id}`);
        await ask('video', `/api/recordings/${id}/video`, { headers: { range: 'bytes=0-4095' } });
      }
      await new Promise((r) => setTimeout(r, 500)); // a pace for the poller, not a synchronisation
    }
  })();
  return {
    answers,
    async stop() {
      stopped = true;
      await loop;
    },
  };
};

const video = (page: Page) => page.getByTestId('replay-video');

test('the media server killed mid-recording: the recording plays up to the kill, nothing recorded is lost, and the API never answers 500', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const host = await hostContext.newPage();
  await signInPage(host, site.url, HOST_KEY);
  await goLive(host, TOKEN);
  await expectFramesAdvancing(host, 'broadcast-camera');

  const creator = await apiSignIn(site.url, HOST_KEY);
  let recordingId = '';
  const api = watchApi(creator, () => recordingId);
  const mine = async (): Promise<Recording[]> =>
    (
      (await (
        await fetch(`${site.url}/api/streams/${TOKEN}/recordings`, {
          headers: { authorization: `Bearer ${creator.accessToken}` },
        })
      ).json()) as { items: Recording[] }
    ).items;
  await expect
    .poll(async () => (await mine()).map((r) => r.status), { timeout: 60_000 })
    .toEqual(['recording']);
  recordingId = (await mine())[0]?.id ?? '';

  // The file grows on disk until it holds RECORD_BEFORE_KILL_S of video.
  await expect.poll(() => fileOf(recordingId), { timeout: 60_000 }).toBeTruthy();
  const file = fileOf(recordingId) as string;
  await expect
    .poll(() => lastVideoSecond(file), { timeout: 180_000, intervals: [2_000] })
    .toBeGreaterThanOrEqual(RECORD_BEFORE_KILL_S);

  // What is on disk just before the kill must still be in the recording afterwards.
  const measuredAt = Date.now();
  const onDisk = lastVideoSecond(file);
  const sizeOnDisk = statSync(file).size;
  site.crash('media');
  const killedAfterS = (Date.now() - measuredAt) / 1000;
  console.log(`killed the media server with ${onDisk.toFixed(2)} s (${sizeOnDisk} bytes) on disk`);

  // A clip asked for while the media server is down gets an answer, never a 500.
  const viewer = await apiSignIn(site.url);
  const clip = await viewer.post(`/api/streams/${TOKEN}/clips`, { seconds: 10, title: 'during the crash' });
  console.log(`clip during the crash: ${clip.status} ${await clip.text()}`);
  expect(clip.status).not.toBe(500);

  // The launcher starts the media server again; it finishes the cut file and the recording becomes a replay.
  await expect.poll(() => site.starts('media'), { timeout: 60_000 }).toBe(2);
  expect(site.logs()).toMatch(/"event":"child_exited","child":"media",.*"how":"(SIGKILL|137)"/);
  const finished = async () => (await mine()).find((r) => r.id === recordingId);
  await expect.poll(async () => (await finished())?.status, { timeout: 120_000 }).toBe('ready');
  const recording = (await finished()) as Recording;
  const seconds = (recording.durationMs ?? 0) / 1000;
  console.log(`the finished recording: ${seconds} s, ${recording.sizeBytes} bytes`);
  // Up to the kill: at least what was on disk (a block cut in the middle may go), at most what the media server
  // could have written between the measure and the kill (plus audio that runs a little past the video).
  expect(seconds).toBeGreaterThanOrEqual(onDisk - 1);
  expect(seconds).toBeLessThanOrEqual(onDisk + killedAfterS + 3);

  // The file served to players decodes without an error, video and audio, and lasts as long as the API says.
  const served = path.join(site.dataDir, 'served-after-crash.webm');
  const res = await fetch(`${site.url}${recording.videoUrl}`);
  expect(res.status).toBe(200);
  await writeFile(served, Buffer.from(await res.arrayBuffer()));
  const decoded = decode(served);
  expect(decoded.codecs).toEqual(['opus', 'vp8']);
  expect(Math.abs(decoded.duration - seconds)).toBeLessThan(1.5);
  expect(lastVideoSecond(served)).toBeGreaterThanOrEqual(onDisk - 1);
  // The fake camera sends 30 fps (its encoder drops some on a loaded machine): a lost stretch would show here.
  expect(decoded.videoFrames).toBeGreaterThan(onDisk * 5);

  // The replay page plays it, from the start and near the kill.
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await viewerContext.newPage();
  await page.goto(`${site.url}/replay/${recordingId}`);
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const duration = await video(page).evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.abs(duration - seconds)).toBeLessThan(1.5);
  await video(page).evaluate((v: HTMLVideoElement) => v.play());
  await expectFramesAdvancing(page, 'replay-video');
  await video(page).evaluate(
    (v: HTMLVideoElement, t) =>
      new Promise<void>((resolve) => {
        v.pause();
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = t;
      }),
    Math.max(0, onDisk - 2),
  );
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);

  await api.stop();
  const counts = new Map<string, number>();
  for (const a of api.answers) counts.set(a, (counts.get(a) ?? 0) + 1);
  console.log(`API answers meanwhile: ${[...counts].map(([a, n]) => `${a} ×${n}`).join(', ')}`);
  expect(api.answers.filter((a) => / 5\d\d$/.test(a))).toEqual([]);
  expect(api.answers.filter((a) => a.endsWith('no answer'))).toEqual([]);

  await viewerContext.close();
  await hostContext.close();
});

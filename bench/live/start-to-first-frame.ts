/// <reference lib="dom" />
/**
 * From the host's "Start Live Stream" click to the first decoded video frame on a viewer that is
 * already on the stream page (showing "Stream is offline"), over the real stack on loopback: built web
 * app, server, apps/media, Chromium with fake camera. p50 over BENCH_RUNS runs (5). Prints, never asserts.
 * Needs `npm run build -w @mintcast/web` with the StreamPlayer on the stream page.
 *
 *   npx tsx bench/live/start-to-first-frame.ts
 */
import { loadavg } from 'node:os';
import { startMarketStandin } from '@mintcast/market-standin';
import { chromium } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { startApp } from '../../e2e/support/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { printMachineLoad } from '../support/load.ts';
import { ms, report } from '../support/report.ts';
import { signInPage } from './sign-in.lib.ts';

printMachineLoad();

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f'; // the market stand-in's sample token

const standin = await startMarketStandin();
const app = await startApp({
  media: true,
  env: { MARKET_DATA_URL: standin.url, LIVE_HOST_GRACE_MS: '1000' },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const samples: number[] = [];
try {
  const host = await (await browser.newContext()).newPage();
  await signInPage(host, app.url, generatePrivateKey());
  const viewer = await (await browser.newContext()).newPage();

  const goLive = async () => {
    await host.getByLabel('Token Contract Address').fill(TOKEN);
    await host.getByRole('button', { name: 'Fetch Token' }).click();
    await host.getByRole('button', { name: 'Start Live Stream' }).waitFor();
    const clickedAt = Date.now();
    await host.getByRole('button', { name: 'Start Live Stream' }).click();
    return clickedAt;
  };
  const end = async () => {
    await host.getByRole('button', { name: 'End Stream' }).click();
    await host.getByLabel('Token Contract Address').waitFor({ timeout: 30_000 });
    await viewer.getByText('Stream is offline').waitFor({ timeout: 30_000 });
  };

  // Warm-up: the first start creates the stream record (the page shows "Stream Not Found" before that).
  await goLive();
  await host.getByRole('button', { name: 'End Stream' }).waitFor({ timeout: 90_000 });
  await viewer.goto(`${app.url}/livestream/${TOKEN}`);
  await end();

  for (let i = 0; i < RUNS; i++) {
    await viewer.reload();
    await viewer.getByText('Stream is offline').waitFor();
    // Poll in the page for the first decoded frame of the player's video; record the wall clock.
    await viewer.evaluate(() => {
      const w = window as unknown as { firstFrameAt?: number };
      w.firstFrameAt = undefined;
      const timer = setInterval(() => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="stream-video"]');
        if (v && v.videoWidth > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0) {
          w.firstFrameAt = Date.now();
          clearInterval(timer);
        }
      }, 10);
    });
    const clickedAt = await goLive();
    await viewer.waitForFunction(() => (window as unknown as { firstFrameAt?: number }).firstFrameAt, null, {
      timeout: 120_000,
      polling: 50,
    });
    const at = await viewer.evaluate(() => (window as unknown as { firstFrameAt: number }).firstFrameAt);
    samples.push(at - clickedAt);
    await host.getByRole('button', { name: 'End Stream' }).waitFor({ timeout: 90_000 });
    await end();
  }
} finally {
  await browser.close();
  await app.stop();
  await standin.close();
}

const sorted = [...samples].sort((a, b) => a - b);
const p50 = sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
report(
  'Start Live Stream click → first frame on a waiting viewer (loopback)',
  'npx tsx bench/live/start-to-first-frame.ts',
  [
    ['runs', String(samples.length)],
    ['p50', ms(p50)],
    ['min / max', `${ms(sorted[0] ?? Number.NaN)} / ${ms(sorted.at(-1) ?? Number.NaN)}`],
    ['samples', samples.map((s) => `${Math.round(s)}`).join(', ')],
    ['budget', 'p50 ≤ 2000 ms (issue 7)'],
    ['load average (1 min) at end', loadavg()[0]?.toFixed(2) ?? '?'],
  ],
);

/// <reference lib="dom" />
/**
 * Reloading a watching tab of the built web app: the host is live (the wizard, real sign-in), a viewer
 * opens the stream page, and once video shows the same URL is loaded again in that tab, BENCH_RELOADS
 * times (20). Each reload is measured from `page.reload()` to the player's first decoded frame, with the
 * texts the player showed meanwhile. Prints p50/p95/max, never asserts.
 *
 *   npm run build -w @mintcast/web && npx tsx bench/live/reload-join.ts
 */
import { loadavg } from 'node:os';
import { startMarketStandin } from '@mintcast/market-standin';
import { chromium } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { startApp } from '../../e2e/support/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { printMachineLoad } from '../support/load.ts';
import { report } from '../support/report.ts';
import { signInPage } from './sign-in.lib.ts';

printMachineLoad();

const RELOADS = Number(process.env.BENCH_RELOADS ?? 20);
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f'; // the market stand-in's sample token
const GIVE_UP_MS = 30_000;

/** Installed in the page before its scripts: records the first frame and every player text, with times. */
const probe = () => {
  const w = window as unknown as { probe: { t0: number; frameAt?: number; texts: string[] } };
  w.probe = { t0: performance.timeOrigin, texts: [] };
  let last = '';
  const timer = setInterval(() => {
    const at = Math.round(performance.now());
    const player = document.querySelector('[data-testid="stream-player"]');
    const text =
      player?.querySelector('[role="status"]')?.textContent ?? (player ? '(no text)' : '(no player)');
    if (text !== last) w.probe.texts.push(`${text}@${at}`);
    last = text;
    const v = document.querySelector<HTMLVideoElement>('[data-testid="stream-video"]');
    if (v && v.videoWidth > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0) {
      w.probe.frameAt = performance.now();
      clearInterval(timer);
    }
  }, 20);
};

const standin = await startMarketStandin();
const app = await startApp({ media: true, env: { MARKET_DATA_URL: standin.url } });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const samples: number[] = [];
try {
  const host = await (await browser.newContext()).newPage();
  await signInPage(host, app.url, generatePrivateKey());
  await host.getByLabel('Token Contract Address').fill(TOKEN);
  await host.getByRole('button', { name: 'Fetch Token' }).click();
  await host.getByRole('button', { name: 'Start Live Stream' }).click();
  await host.getByRole('button', { name: 'End Stream' }).waitFor({ timeout: 90_000 });

  const viewer = await (await browser.newContext()).newPage();
  await viewer.addInitScript(probe);
  for (let i = 0; i <= RELOADS; i++) {
    const startedAt = Date.now();
    if (i === 0) await viewer.goto(`${app.url}/livestream/${TOKEN}`);
    else await viewer.reload();
    const ok = await viewer
      .waitForFunction(() => (window as unknown as { probe: { frameAt?: number } }).probe.frameAt, null, {
        timeout: GIVE_UP_MS,
        polling: 50,
      })
      .then(() => true)
      .catch(() => false);
    const { frameAt, t0, texts } = await viewer.evaluate(
      () => (window as unknown as { probe: { t0: number; frameAt?: number; texts: string[] } }).probe,
    );
    const ms = ok && frameAt !== undefined ? t0 + frameAt - startedAt : -1;
    if (i > 0) samples.push(ms);
    const frame = frameAt === undefined ? '' : ` → frame@${Math.round(frameAt)}`;
    console.log(
      `${i === 0 ? 'open' : `reload ${i}`}: ${ms >= 0 ? `${Math.round(ms)} ms` : 'no frame'} (${texts.join(' → ')}${frame})`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
  await standin.close();
}

const ok = samples.filter((s) => s >= 0).sort((a, b) => a - b);
const pct = (p: number) =>
  `${Math.round(ok[Math.min(ok.length - 1, Math.ceil(p * ok.length) - 1)] ?? Number.NaN)} ms`;
report(
  'Reload of a watching stream page → first frame (built app, loopback)',
  'npx tsx bench/live/reload-join.ts',
  [
    ['reloads with frames', `${ok.length}/${samples.length}`],
    ['p50 / p95 / max', `${pct(0.5)} / ${pct(0.95)} / ${pct(1)}`],
    ['over 3 s (misses included)', String(samples.filter((s) => s < 0 || s > 3_000).length)],
    ['samples', samples.map((s) => String(Math.round(s))).join(', ')],
    ['budget', 'p50 ≤ 500 ms, p95 ≤ 1000 ms, none over 3 s (issue 12)'],
    ['load average (1 min) at end', loadavg()[0]?.toFixed(2) ?? '?'],
  ],
);
process.exit(0);

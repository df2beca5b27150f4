/// <reference lib="dom" />
/**
 * Issue 30's replay budget: "a replay starts playing ≤ 1 s after the page opens (p50), and a seek shows the new
 * frame ≤ 1 s". The built app (as e2e starts it) with a seeded replay: a BENCH_RECORDING_SECONDS (default 30: encoding it takes minutes on a loaded 2-core machine)
 * WebM made with ffmpeg like a browser broadcast's recording (VP8 1280×720 30 fps ~2 Mb/s, Opus), served by the
 * app's own replay route (HTTP Range). Headless Chromium opens `/replay/:id` BENCH_RUNS times (default 10), each
 * in a new context (no HTTP cache). The page has no autoplay: the viewer's press on Play is taken at the
 * earliest moment it can happen, the video element's appearance (`play()` then). Measured in the page, from
 * the navigation's start: the video element, `playing`, and the first presented frame
 * (`requestVideoFrameCallback`). Then BENCH_SEEKS (default 3) seeks per open to spread-out points, paused:
 * seek → `seeked` and seek → the new frame presented (`requestVideoFrameCallback`, its media time printed
 * beside the target). Prints p50/p95 of each with the machine load; never asserts.
 *
 *   npm run build && npx tsx bench/web/replay-start.ts      (BENCH_RUNS=10, BENCH_SEEKS=3)
 */

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startApp } from '../../e2e/support/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { streamSeed } from '../../e2e/support/data.ts';
import { printMachineLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';

printMachineLoad();

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const SEEKS = Number(process.env.BENCH_SEEKS ?? 3);
const RECORDING_SECONDS = Number(process.env.BENCH_RECORDING_SECONDS ?? 30);
const GIVE_UP_MS = 30_000;
const BUDGET_MS = 1_000;
/** tsx (esbuild keepNames) wraps the functions passed to the page in `__name(…)`: the page needs that helper. */
const KEEP_NAMES = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

const work = mkdtempSync(path.join(tmpdir(), 'mintcast-bench-replay-'));
const made = path.join(work, 'recording.webm');
console.log(`making a ${RECORDING_SECONDS} s 1280×720 VP8/Opus recording…`);
execFileSync('ffmpeg', [
  ...['-hide_banner', '-loglevel', 'error', '-y'],
  ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
  ...['-t', String(RECORDING_SECONDS), '-c:v', 'libvpx', '-b:v', '2M', '-deadline', 'realtime'],
  ...['-cpu-used', '8', '-g', '60', '-c:a', 'libopus', made],
]);

const stream = streamSeed({ name: 'Replay Bench Token', symbol: 'RPLY', is_currently_live: false });
const id = randomUUID();
const filePath = `${stream.mint}/${id}.webm`;
const ended = new Date();
const app = await startApp({
  streams: [stream],
  recordings: [
    {
      id,
      stream_id: stream.mint,
      file_path: filePath,
      status: 'ready',
      started_at: new Date(ended.getTime() - RECORDING_SECONDS * 1000).toISOString(),
      ended_at: ended.toISOString(),
      duration_ms: RECORDING_SECONDS * 1000,
      size_bytes: statSync(made).size,
    },
  ],
});
// The server reads the file when it is asked for it: it can be put in place once the app runs.
mkdirSync(path.join(app.dataDir, 'recordings', stream.mint), { recursive: true });
renameSync(made, path.join(app.dataDir, 'recordings', filePath));

type Marks = Record<string, number>;
/**
 * Installed before the page's scripts: as soon as the replay's video element exists, presses Play (what a
 * viewer does first) and notes when it plays and shows its first frame.
 */
const probe = () => {
  const t: Marks = {};
  (window as unknown as { replayProbe: Marks }).replayProbe = t;
  const mark = (k: string) => {
    t[k] ??= performance.now();
  };
  const timer = setInterval(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="replay-video"]');
    if (!v) return;
    clearInterval(timer);
    mark('element');
    v.addEventListener('playing', () => mark('playing'), { once: true });
    v.requestVideoFrameCallback(() => mark('frame'));
    void v.play().catch(() => mark('play refused'));
  }, 5);
};

/** Paused at `to` seconds: ms from setting currentTime to `seeked`, and to the new frame presented there. */
const seekOnce = (page: Page, to: number) =>
  page.getByTestId('replay-video').evaluate(
    (v: HTMLVideoElement, target) =>
      new Promise<{ seeked: number; frame: number; mediaTime: number }>((resolve) => {
        const out = { seeked: Number.NaN, frame: Number.NaN, mediaTime: Number.NaN };
        let done = 0;
        const finish = () => {
          if (++done === 2) resolve(out);
        };
        const t0 = performance.now();
        v.addEventListener(
          'seeked',
          () => {
            out.seeked = performance.now() - t0;
            finish();
          },
          { once: true },
        );
        v.requestVideoFrameCallback((now, meta) => {
          out.frame = now - t0;
          out.mediaTime = meta.mediaTime;
          finish();
        });
        v.currentTime = target;
      }),
    to,
  );

const open: Record<'element' | 'playing' | 'frame' | 'media', number[]> = {
  element: [],
  playing: [],
  frame: [],
  media: [],
};
const seeks: Record<'seeked' | 'frame', number[]> = { seeked: [], frame: [] };
const failures: string[] = [];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(KEEP_NAMES);
    await page.addInitScript(probe);
    await page.goto(`${app.url}/replay/${id}`);
    const shown = await page
      .waitForFunction(
        () => {
          const t = (window as unknown as { replayProbe?: Marks }).replayProbe ?? {};
          return t.frame !== undefined || t['play refused'] !== undefined;
        },
        null,
        { timeout: GIVE_UP_MS, polling: 20 },
      )
      .then(() => true)
      .catch(() => false);
    const t = await page.evaluate(() => (window as unknown as { replayProbe: Marks }).replayProbe);
    if (!shown || t.frame === undefined) {
      failures.push(`run ${run}: no frame within ${GIVE_UP_MS} ms (${JSON.stringify(t)})`);
      await context.close();
      continue;
    }
    open.element.push(t.element ?? Number.NaN);
    open.playing.push(t.playing ?? Number.NaN);
    open.frame.push(t.frame);
    open.media.push(t.frame - (t.element ?? Number.NaN));
    const line = [`open ${run}: element ${t.element?.toFixed(0)} ms, first frame ${t.frame.toFixed(0)} ms`];
    await page.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => v.pause());
    for (let s = 0; s < SEEKS; s++) {
      // Spread-out points, different on every open, never the same one twice in a row.
      const to = Math.round(((((run * SEEKS + s) * 0.37) % 0.9) + 0.05) * RECORDING_SECONDS * 10) / 10;
      const r = await seekOnce(page, to);
      seeks.seeked.push(r.seeked);
      seeks.frame.push(r.frame);
      line.push(
        `seek → ${to} s: seeked ${r.seeked.toFixed(0)} ms, frame ${r.frame.toFixed(0)} ms (at ${r.mediaTime.toFixed(2)} s)`,
      );
    }
    console.log(`${line.join('; ')} (load ${(loadavg()[0] ?? 0).toFixed(1)})`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(work, { recursive: true, force: true });
}

const fmt = (name: string, xs: number[]) => {
  const ok = xs.filter(Number.isFinite);
  return `${name}: p50 ${percentile(ok, 50).toFixed(0)} ms, p95 ${percentile(ok, 95).toFixed(0)} ms (n=${ok.length})`;
};
console.log(
  `\nreplay of ${RECORDING_SECONDS} s, ${RUNS} opens in a fresh context each (budget ≤ ${BUDGET_MS} ms):`,
);
console.log(`  page open → video element   ${fmt('', open.element)}`);
console.log(`  page open → playing         ${fmt('', open.playing)}`);
console.log(`  page open → first frame     ${fmt('', open.frame)}`);
console.log(`  video element → first frame ${fmt('', open.media)}`);
console.log(`  seek → seeked               ${fmt('', seeks.seeked)}`);
console.log(`  seek → new frame            ${fmt('', seeks.frame)}`);
for (const f of failures) console.log(`  ${f}`);
printMachineLoad('end');

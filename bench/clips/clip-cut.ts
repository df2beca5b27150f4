/**
 * Issue 30's clip budget, the server's part: "a 30 s clip is ready to play ≤ 5 s after the click, p50 over 10
 * clips, on this 2-core machine". A click costs one HTTP request, a few database statements and the cut; the
 * cut (ffmpeg decoding the recording's VP8/Opus from the start point and encoding H.264/AAC, plus the poster and
 * an ffprobe) is nearly all of it, so this bench times the product's own cutter (`clips/clip-cutter.ts`) on a
 * recording shaped like a browser broadcast's: WebM, VP8 1280×720 30 fps at ~2 Mb/s, Opus.
 *
 * Prints p50/p95/max of the cut for BENCH_CLIPS clips (default 10) of BENCH_CLIP_SECONDS (default 30) taken at
 * spread-out points of a BENCH_RECORDING_SECONDS (default 120) recording, and the same for 10 s clips. Never
 * asserts; the load is printed at the start and the end.
 *
 *   npx tsx bench/clips/clip-cut.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClipCutter } from '../../apps/server/src/clips/clip-cutter.ts';
import { printMachineLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';

printMachineLoad();

const CLIPS = Number(process.env.BENCH_CLIPS ?? 10);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 30);
const RECORDING_SECONDS = Number(process.env.BENCH_RECORDING_SECONDS ?? 120);
const BUDGET_MS = 5_000;

const dir = mkdtempSync(path.join(tmpdir(), 'mintcast-bench-clips-'));
const recording = path.join(dir, 'recording.webm');
console.log(`making a ${RECORDING_SECONDS} s 1280×720 VP8/Opus recording…`);
execFileSync('ffmpeg', [
  ...['-hide_banner', '-loglevel', 'error', '-y'],
  ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
  ...[
    '-t',
    String(RECORDING_SECONDS),
    '-c:v',
    'libvpx',
    '-b:v',
    '2M',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
  ],
  ...['-g', '60', '-c:a', 'libopus', recording],
]);

const cutter = createClipCutter({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
if (!(await cutter.available())) {
  console.log('ffmpeg/ffprobe not found: nothing measured');
  process.exit(0);
}

const measure = async (seconds: number) => {
  const times: number[] = [];
  const durations: number[] = [];
  for (let i = 0; i < CLIPS; i++) {
    // Start points spread over the recording (never past its end), like clips of different moments.
    const startMs = Math.round(((RECORDING_SECONDS - seconds) * 1000 * i) / Math.max(1, CLIPS - 1));
    const t0 = performance.now();
    const result = await cutter.cut(
      recording,
      { startMs, durationMs: seconds * 1000 },
      {
        video: path.join(dir, `clip-${seconds}-${i}.mp4`),
        poster: path.join(dir, `clip-${seconds}-${i}.jpg`),
      },
    );
    times.push(performance.now() - t0);
    durations.push(result.durationMs);
  }
  const p50 = percentile(times, 50);
  console.log(`\n## ${seconds} s clips of a 1280×720 2 Mb/s recording (${CLIPS} cuts)`);
  console.log(`$ npx tsx bench/clips/clip-cut.ts`);
  console.log(
    `  cut (ffmpeg + poster + ffprobe)  p50 ${p50.toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
  );
  console.log(`  clip lengths                     ${Math.min(...durations)}–${Math.max(...durations)} ms`);
  if (seconds === 30)
    console.log(
      `  budget (issue 30)                p50 ≤ ${BUDGET_MS} ms: ${(p50 / BUDGET_MS).toFixed(2)} × budget`,
    );
};

await measure(CLIP_SECONDS);
await measure(10);
printMachineLoad('end');
rmSync(dir, { recursive: true, force: true });

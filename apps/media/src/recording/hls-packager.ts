import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';

/** Where one live stream's HTTP tier is written: a folder of its own, the playlist and its segments. */
export interface SegmentsTarget {
  /** The stream's folder (emptied at start and at the end: nothing outlives the broadcast). */
  dir: string;
  /** The live playlist's file name in that folder (`index.m3u8`). */
  playlist: string;
  /** What every segment's name starts with, unique per run so a cached segment never changes (`<run>-<n>.ts`). */
  segmentPrefix: string;
  /** Target segment length in seconds (keyframes are forced at this interval). */
  segmentSeconds: number;
}

/** Segments the live playlist lists (the rest are deleted): enough for hls.js's three-segment live edge. */
const PLAYLIST_SEGMENTS = 6;
/** The rendition's frame rate (what Chromium's camera sends at most); frames are dropped or repeated to it. */
const OUTPUT_FPS = 30;
/** The rendition's height at most (a 720p camera is scaled down, keeping its aspect ratio). */
const MAX_HEIGHT = 480;
/** How long ffmpeg gets to write its last segment after its input ends before it is killed. */
const STOP_GRACE_MS = 3_000;

/**
 * ffmpeg's arguments: the WebM (VP8 or H.264, Opus) it reads on stdin becomes one H.264 + AAC rendition in
 * MPEG-TS segments with a sliding live playlist (decision 026). One encoder thread, `veryfast` with
 * `zerolatency`, a keyframe every segment: ~20 % of one core for 640×480 at 30 fps on this machine.
 */
export const packagerArgs = (t: SegmentsTarget): string[] => [
  ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
  ...['-fflags', 'nobuffer', '-f', 'matroska', '-i', 'pipe:0'],
  ...['-map', '0:v:0?', '-map', '0:a:0?'],
  // At most 480 lines, `superfast`: a 720p camera at `veryfast` ran at 0.4× real time on this loaded machine.
  ...['-vf', `scale=-2:'min(${MAX_HEIGHT},ih)'`],
  ...['-c:v', 'libx264', '-preset', 'superfast', '-tune', 'zerolatency', '-profile:v', 'main'],
  ...['-pix_fmt', 'yuv420p', '-threads', '1', '-b:v', '1200k', '-maxrate', '1500k', '-bufsize', '1500k'],
  // A fixed output rate: a WebRTC source's frame times are irregular, ffmpeg then guesses no rate (1k tbr) and
  // duplicated every frame up to 1000 fps, far more than one core encodes in real time (decision 027).
  ...['-r', String(OUTPUT_FPS)],
  ...['-force_key_frames', `expr:gte(t,n_forced*${t.segmentSeconds})`],
  ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2'],
  ...['-f', 'hls', '-hls_time', String(t.segmentSeconds), '-hls_list_size', String(PLAYLIST_SEGMENTS)],
  ...['-hls_flags', 'delete_segments+independent_segments+temp_file+omit_endlist'],
  ...['-hls_segment_filename', join(t.dir, `${t.segmentPrefix}-%d.ts`)],
  join(t.dir, t.playlist),
];

/** One ffmpeg turning a live WebM into HLS; `input` takes the WebM bytes. */
export interface HlsPackager {
  input: Writable;
  /** Ends the input, waits for ffmpeg to finish (killed after a grace), removes the folder. */
  stop(): Promise<void>;
}

/**
 * Starts ffmpeg for one stream's HTTP tier. `onExit` is called if it ends on its own (crash, missing binary,
 * broken input), with the tail of what it said.
 */
export function startHlsPackager(
  ffmpegPath: string,
  target: SegmentsTarget,
  onExit: (reason: string) => void,
): HlsPackager {
  rmSync(target.dir, { recursive: true, force: true });
  mkdirSync(target.dir, { recursive: true });
  const child: ChildProcess = spawn(ffmpegPath, packagerArgs(target), {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  let stopping = false;
  const ended = (reason: string) => {
    if (stopping) return;
    stopping = true;
    onExit(reason);
  };
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-1000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('error', (err) => {
      ended(`ffmpeg could not start: ${err.message}`);
      resolve();
    });
    child.once('exit', (code) => {
      ended(`ffmpeg exited ${code}: ${stderr.trim()}`);
      resolve();
    });
  });
  // The recorder writes into a stream of its own: a dead ffmpeg (EPIPE) is reported once, through onExit, with
  // what ffmpeg said, not as a write error.
  const input = new PassThrough();
  input.pipe(child.stdin as Writable);
  child.stdin?.on('error', () => undefined);
  return {
    input,
    async stop() {
      stopping = true;
      input.end();
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(kill);
      rmSync(target.dir, { recursive: true, force: true });
    },
  };
}

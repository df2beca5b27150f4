import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** What ffprobe reads back from a finished clip. */
export interface CutResult {
  durationMs: number;
  width: number;
  height: number;
}

/** Runs a program to its end; resolves with its stdout, rejects with its stderr's tail (or ENOENT). */
const run = (bin: string, args: string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(bin)} exited ${code}: ${err.trim()}`)),
    );
  });

/** Whether a program runs here (`<bin> -version` exits 0). */
export const programRuns = (bin: string): Promise<boolean> =>
  run(bin, ['-version']).then(
    () => true,
    () => false,
  );

/**
 * Clips are cut with ffmpeg, off the live path (issue 30): the recording's VP8/Opus WebM is decoded from the
 * start point and encoded to H.264 (yuv420p, main profile) + AAC in an MP4 with its index first (faststart), the
 * format X, Telegram and Discord play inline; the first frame becomes the poster JPEG.
 */
export const createClipCutter = (opts: { ffmpegPath: string; ffprobePath: string }) => {
  let availability: Promise<boolean> | undefined;
  return {
    /** Whether both programs run here (asked once). */
    available(): Promise<boolean> {
      availability ??= Promise.all([programRuns(opts.ffmpegPath), programRuns(opts.ffprobePath)]).then((ok) =>
        ok.every(Boolean),
      );
      return availability;
    },

    async cut(
      input: string,
      range: { startMs: number; durationMs: number },
      out: { video: string; poster: string },
    ): Promise<CutResult> {
      await mkdir(path.dirname(out.video), { recursive: true });
      // -ss before -i: seek the input (a recording being written has no index; ffmpeg reads up to the point).
      await run(opts.ffmpegPath, [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
        ...[
          '-ss',
          (range.startMs / 1000).toFixed(3),
          '-i',
          input,
          '-t',
          (range.durationMs / 1000).toFixed(3),
        ],
        ...['-map', '0:v:0', '-map', '0:a:0?'],
        ...[
          '-c:v',
          'libx264',
          // ultrafast: a 30 s 720p cut in about a quarter of veryfast's time on 2 cores (bench/clips/clip-cut.ts,
          // issue 30's 5 s budget); the rate cap keeps its larger files near the broadcast's own bitrate.
          '-preset',
          'ultrafast',
          '-crf',
          '23',
          '-maxrate',
          '3M',
          '-bufsize',
          '6M',
          '-profile:v',
          'main',
          '-pix_fmt',
          'yuv420p',
        ],
        ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', out.video],
      ]);
      // The poster from the finished clip, in a run of its own: as a second output of the cut it cost seconds
      // (bench/clips/clip-cut.ts), from the MP4 it is a tenth of one.
      await run(opts.ffmpegPath, [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', out.video],
        ...['-map', '0:v:0', '-frames:v', '1', '-q:v', '3', '-update', '1', out.poster],
      ]);
      const probe = JSON.parse(
        await run(opts.ffprobePath, [
          ...['-v', 'error', '-select_streams', 'v:0'],
          ...['-show_entries', 'stream=width,height:format=duration', '-of', 'json', out.video],
        ]),
      ) as { streams?: { width?: number; height?: number }[]; format?: { duration?: string } };
      return {
        durationMs: Math.round(Number(probe.format?.duration ?? 0) * 1000),
        width: probe.streams?.[0]?.width ?? 0,
        height: probe.streams?.[0]?.height ?? 0,
      };
    },
  };
};

export type ClipCutter = ReturnType<typeof createClipCutter>;

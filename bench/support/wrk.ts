import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  requests: number;
  perSecond: number;
  /** Latency percentiles in ms, as wrk's `--latency` prints them. */
  p50: number;
  p75: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  socketErrors: number;
}

/** Whether wrk (Debian package `wrk`) is installed. */
export const haveWrk = async (): Promise<boolean> =>
  run('wrk', ['--version']).then(
    () => true,
    // wrk --version exits 1 after printing its version; only a missing binary is a failure.
    (err: NodeJS.ErrnoException) => err.code !== 'ENOENT',
  );

const toMs = (value: string, unit: string): number =>
  Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1);

/**
 * Paced load from wrk, a native generator that takes little CPU from the server under test on a 2-core
 * machine (a Node generator at 2,000 req/s costs as much CPU as the server and shows up in the tail).
 * Each connection sends a request, waits for the answer, then pauses `pauseMs`, so
 * `connections / (pauseMs + latency)` requests a second; the rate actually achieved is returned.
 */
export const wrkPaced = async (
  url: string,
  opts: { rate: number; seconds: number; pauseMs?: number },
): Promise<WrkResult> => {
  const pauseMs = opts.pauseMs ?? 10;
  // Round up, with the answer's own time (≈ 1 ms) counted in the cycle.
  const connections = Math.max(1, Math.ceil((opts.rate * (pauseMs + 1)) / 1000));
  const script = path.join(tmpdir(), `mintcast-wrk-pause-${pauseMs}.lua`);
  writeFileSync(script, `function delay() return ${pauseMs} end\n`);
  const { stdout } = await run(
    'wrk',
    ['-t1', `-c${connections}`, `-d${opts.seconds}s`, '--latency', '-s', script, url],
    { timeout: (opts.seconds + 30) * 1000 },
  );
  const pct = (p: string) => {
    const m = stdout.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s|m)`));
    return m?.[1] && m[2] ? toMs(m[1], m[2]) : Number.NaN;
  };
  const max = stdout.match(/Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)/);
  return {
    requests: Number(stdout.match(/(\d+) requests in/)?.[1] ?? 0),
    perSecond: Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: pct('50'),
    p75: pct('75'),
    p90: pct('90'),
    p99: pct('99'),
    max: max?.[1] && max[2] ? toMs(max[1], max[2]) : Number.NaN,
    non2xx: Number(stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socketErrors: [...(stdout.match(/Socket errors: (.*)/)?.[1] ?? '').matchAll(/\d+/g)].reduce(
      (sum, m) => sum + Number(m[0]),
      0,
    ),
  };
};

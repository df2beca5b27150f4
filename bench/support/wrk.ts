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
  p95: number;
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

/** Lua for wrk: the 95th percentile (wrk's --latency stops at 50/75/90/99), printed when the run ends. */
const P95_DONE = `done = function(summary, latency, requests) io.write(string.format("P95 %d us\\n", latency:percentile(95))) end\n`;

const runWrk = async (args: string[], script: string, url: string, seconds: number): Promise<WrkResult> => {
  const file = path.join(tmpdir(), `mintcast-wrk-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, `${script}\n${P95_DONE}`);
  const { stdout } = await run('wrk', [...args, `-d${seconds}s`, '--latency', '-s', file, url], {
    timeout: (seconds + 30) * 1000,
  });
  return parseWrk(stdout);
};

const parseWrk = (stdout: string): WrkResult => {
  const pct = (p: string) => {
    const m = stdout.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s|m)`));
    return m?.[1] && m[2] ? toMs(m[1], m[2]) : Number.NaN;
  };
  const max = stdout.match(/Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)/);
  const p95 = stdout.match(/P95 (\d+) us/);
  return {
    requests: Number(stdout.match(/(\d+) requests in/)?.[1] ?? 0),
    perSecond: Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: pct('50'),
    p75: pct('75'),
    p90: pct('90'),
    p95: p95?.[1] ? Number(p95[1]) / 1000 : Number.NaN,
    p99: pct('99'),
    max: max?.[1] && max[2] ? toMs(max[1], max[2]) : Number.NaN,
    non2xx: Number(stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socketErrors: [...(stdout.match(/Socket errors: (.*)/)?.[1] ?? '').matchAll(/\d+/g)].reduce(
      (sum, m) => sum + Number(m[0]),
      0,
    ),
  };
};

/**
 * Paced load from wrk, a native generator that takes little CPU from the server under test on a 2-core
 * machine (a Node generator at 2,000 req/s costs as much CPU as the server and shows up in the tail).
 * Each connection sends a request, waits for the answer, then pauses `pauseMs`, so
 * `connections / (pauseMs + latency)` requests a second; the rate actually achieved is returned.
 */
export const wrkPaced = (
  url: string,
  opts: { rate: number; seconds: number; pauseMs?: number },
): Promise<WrkResult> => {
  const pauseMs = opts.pauseMs ?? 10;
  // Round up, with the answer's own time (≈ 1 ms) counted in the cycle.
  const connections = Math.max(1, Math.ceil((opts.rate * (pauseMs + 1)) / 1000));
  return runWrk(['-t1', `-c${connections}`], `function delay() return ${pauseMs} end`, url, opts.seconds);
};

/** Closed-loop load as fast as the server answers (throughput), over `connections` connections. */
export const wrkSaturated = (
  url: string,
  opts: { connections: number; seconds: number },
): Promise<WrkResult> => runWrk(['-t1', `-c${opts.connections}`], '', url, opts.seconds);

/**
 * Requests cycling through `paths` (on `origin`), each made unique with an ignored `n=` parameter so a
 * URL-keyed response cache never answers: the figures are the database's. One connection by default.
 */
export const wrkPaths = (
  origin: string,
  paths: string[],
  opts: { seconds: number; connections?: number },
): Promise<WrkResult> => {
  const list = paths.map((p) => `"${p.replace(/["\\]/g, '')}"`).join(',');
  const script = `local paths = {${list}}
local i = 0
request = function()
  i = i + 1
  local p = paths[(i % #paths) + 1]
  local sep = string.find(p, "?", 1, true) and "&" or "?"
  return wrk.format(nil, p .. sep .. "n=" .. i)
end`;
  return runWrk(['-t1', `-c${opts.connections ?? 1}`], script, origin, opts.seconds);
};

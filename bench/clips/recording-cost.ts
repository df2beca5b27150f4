/**
 * Issue 30's recording budget: "recording costs ≤ 5 % of one core per live 2 Mbps stream on top of forwarding
 * (same run, recording on and off)". One media server (a child process, `recording-cost-child.ts`) receives a
 * synthetic 2 Mb/s VP8 host and forwards it to BENCH_VIEWERS werift viewers (default 1, another process); the
 * bench then alternates windows with a participant egress of the host running (the product's recorder writing
 * WebM into a folder) and windows without, BENCH_ROUNDS times (default 3), and reads the media server's CPU
 * (its process and descendants, from /proc) over each window; a window with recording on starts once the file
 * grows (the recorder first waits up to 10 s for an audio track the synthetic host never publishes). The publisher runs inside the media server's
 * process (see the child), so its cost is in both phases and cancels out of the difference.
 *
 * Prints each window's CPU (% of one core), the per-round difference on − off, the median difference, the
 * bytes recorded per second, and the machine load. Never asserts.
 *
 *   npx tsx bench/clips/recording-cost.ts      (BENCH_WINDOW_MS=10000, BENCH_ROUNDS=3, BENCH_VIEWERS=1)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EncodedFileOutput } from '@livekit/protocol';
import { EgressClient } from 'livekit-server-sdk';
import { API_KEY, API_SECRET, joinToken, KEYS } from '../../apps/media/test/helpers/tokens.ts';
import { printMachineLoad, underLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';
import { processTreeCpuMs } from '../support/process-cpu.ts';

printMachineLoad();

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 10_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1);
/** Once the recording's file is being written, or after the egress stopped: the recorder opens or closes its file. */
const SETTLE_MS = 3_000;
const BUDGET_PCT = 5;
const ROOM = 'bench';
const HOST = 'bench-host';
const here = import.meta.dirname;

const child = (file: string, env: Record<string, string> = {}): ChildProcess =>
  fork(join(here, file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_KEYS: JSON.stringify(KEYS), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
const ask = <T>(cp: ChildProcess, msg: unknown, key: string): Promise<T> =>
  new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        cp.off('message', on);
        resolve(m as T);
      }
    };
    cp.on('message', on);
    if (msg) cp.send(msg as never);
  });
// A bench paces its windows by the clock; nothing here waits for another process by sleeping.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(join(tmpdir(), 'mintcast-bench-recording-'));
const media = child('recording-cost-child.ts', {
  BENCH_RECORDINGS_DIR: dir,
  BENCH_HOST_TOKEN: await joinToken(HOST, ROOM, { canPublish: true }, { metadata: '{"role":"host"}' }),
});
const viewers = fork(join(here, '../media/viewers-worker.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_KEYS: JSON.stringify(KEYS) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
try {
  const { url } = await ask<{ url: string }>(media, null, 'url');
  await ask(viewers, null, 'ready');
  const tokens = await Promise.all(
    Array.from({ length: VIEWERS }, (_, i) => joinToken(`viewer-${i}`, ROOM, { canPublish: false })),
  );
  await ask(viewers, { cmd: 'add', url, tokens }, 'added');
  const egress = new EgressClient(url.replace('ws://', 'http://'), API_KEY, API_SECRET);
  await sleep(SETTLE_MS);

  /** The media server's CPU (% of one core) over one window, with the published packet rate. */
  const window = async () => {
    const pid = media.pid as number;
    const p0 = (await ask<{ published: number }>(media, { cmd: 'stats' }, 'published')).published;
    const c0 = processTreeCpuMs(pid);
    const t0 = performance.now();
    await sleep(WINDOW_MS);
    const c1 = processTreeCpuMs(pid);
    const seconds = (performance.now() - t0) / 1000;
    const p1 = (await ask<{ published: number }>(media, { cmd: 'stats' }, 'published')).published;
    return {
      cpuPct: c0 === null || c1 === null ? Number.NaN : ((c1 - c0) / 1000 / seconds) * 100,
      pktPerSec: (p1 - p0) / seconds,
    };
  };

  const diffs: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which phase comes first, so that a drift in the machine's load falls on both alike.
    const order = round % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    const cpu: Record<'on' | 'off', number> = { on: Number.NaN, off: Number.NaN };
    for (const phase of order) {
      if (phase === 'on') {
        const file = `round-${round}.webm`;
        const info = await egress.startParticipantEgress(ROOM, HOST, {
          file: new EncodedFileOutput({ filepath: file }),
        });
        // The recorder waits up to 10 s for an audio track (this host publishes video only), then writes.
        const sizeOf = () => statSync(join(dir, file), { throwIfNoEntry: false })?.size ?? 0;
        const waitUntil = Date.now() + 60_000;
        while (sizeOf() === 0 && Date.now() < waitUntil) await sleep(250);
        await sleep(SETTLE_MS);
        const size0 = sizeOf();
        const t0 = performance.now();
        const { result, load } = await underLoad(window);
        const size1 = sizeOf();
        const kbps = ((size1 - size0) * 8) / ((performance.now() - t0) / 1000) / 1000;
        await egress.stopEgress(info.egressId);
        cpu.on = result.cpuPct;
        console.log(
          `round ${round} recording on : ${result.cpuPct.toFixed(1)} % of a core (${result.pktPerSec.toFixed(0)} pkt/s published, ${kbps.toFixed(0)} kb/s written, load ${load.toFixed(1)})`,
        );
      } else {
        await sleep(SETTLE_MS);
        const { result, load } = await underLoad(window);
        cpu.off = result.cpuPct;
        console.log(
          `round ${round} recording off: ${result.cpuPct.toFixed(1)} % of a core (${result.pktPerSec.toFixed(0)} pkt/s published, load ${load.toFixed(1)})`,
        );
      }
    }
    diffs.push(cpu.on - cpu.off);
    console.log(`round ${round}: recording costs ${(cpu.on - cpu.off).toFixed(1)} % of one core`);
  }
  console.log(
    `\nrecording a 2 Mb/s stream on top of forwarding to ${VIEWERS} viewer(s): median ${percentile(diffs, 50).toFixed(1)} % of one core over ${ROUNDS} rounds (each: ${diffs.map((d) => d.toFixed(1)).join(', ')}); budget ≤ ${BUDGET_PCT} %`,
  );
} finally {
  viewers.send({ cmd: 'close' });
  media.send({ cmd: 'close' });
  await Promise.all(
    [viewers, media].map((cp) => new Promise((r) => (cp.exitCode !== null ? r(null) : cp.once('exit', r)))),
  );
  rmSync(dir, { recursive: true, force: true });
  printMachineLoad('end');
}

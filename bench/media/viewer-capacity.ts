/**
 * Viewer capacity of the embedded SFU: one host publishes ≈ 2 Mbps of VP8, N werift viewers in
 * another process subscribe, and the SFU process's CPU time is read over a fixed window.
 * Prints, never asserts.
 *
 * Publisher: BENCH_PUBLISHER=synthetic (default: werift sending VP8-shaped RTP at 2 Mbps, one
 * layer) or BENCH_PUBLISHER=chromium (Chromium looping a noisy 960x540 Y4M, simulcast q/h/f;
 * needs a CPU to spare for the encoder, which a busy 2-core machine does not have).
 *
 *   npx tsx bench/media/viewer-capacity.ts            (steps via BENCH_VIEWERS=50,100,200;
 *   BENCH_CPU_PROF=<dir> writes the SFU process's CPU profile)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../apps/media/test/helpers/browser.ts';
import { startStaticServer } from '../../apps/media/test/helpers/static-server.ts';
import { joinToken, KEYS } from '../../apps/media/test/helpers/tokens.ts';
import { printMachineLoad } from '../support/load.ts';
import { ensureNoisyY4m } from './noisy-y4m.lib.ts';
import { packetFloor } from './packet-floor.lib.ts';

printMachineLoad();

// Up to past the goal (190 per core); the run stops at the first step that takes 95 % of a core.
const STEPS = (process.env.BENCH_VIEWERS ?? '50,100,150,200,250,300,350').split(',').map(Number);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 8_000);
const SETTLE_MS = 4_000;
const LIVEKIT_VIEWERS_PER_VCPU = 190;
const here = import.meta.dirname;

function child(file: string, env: Record<string, string> = {}): ChildProcess {
  // BENCH_CPU_PROF=<dir>: V8 CPU profile of the SFU process (for finding hot spots).
  const prof = process.env.BENCH_CPU_PROF && file.startsWith('media-server');
  return fork(join(here, file), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, BENCH_KEYS: JSON.stringify(KEYS), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
function ask<T>(cp: ChildProcess, msg: unknown, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        cp.off('message', on);
        resolve(m as T);
      }
    };
    cp.on('message', on);
    if (msg) cp.send(msg as never);
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The SFU's packet counters from GET /metrics. */
async function counters(httpUrl: string): Promise<{ received: number; forwarded: number; dropped: number }> {
  const text = await (await fetch(`${httpUrl}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    received: read('media_received_packets_total'),
    forwarded: read('media_forwarded_packets_total'),
    dropped: read('media_dropped_packets_total'),
  };
}

const PUBLISHER = process.env.BENCH_PUBLISHER ?? 'synthetic';
const y4m = PUBLISHER === 'chromium' ? ensureNoisyY4m('/tmp/mintcast-bench/noisy-960x540.y4m', 960, 540) : '';
const server = child(
  'media-server-child.ts',
  PUBLISHER === 'chromium'
    ? {}
    : { BENCH_PUBLISHER_TOKEN: await joinToken('bench-host', 'bench', { canPublish: true }) },
);
const { url } = await ask<{ url: string }>(server, null, 'url');
const httpUrl = url.replace('ws://', 'http://');
const viewers = child('viewers-worker.ts');
await ask(viewers, null, 'ready');
const web = await startStaticServer();
const browser =
  PUBLISHER === 'chromium' ? await launchChromium([`--use-file-for-fake-video-capture=${y4m}`]) : undefined;
const rows: {
  n: number;
  cpuPct: number;
  pktPerSec: number;
  publishedPerSec: number;
  sfuReceivedPerSec: number;
  droppedPerSec: number;
  usPerPkt: number;
  lossPct: number;
  sfuLossPct: number;
  receiving: number;
  verified: number;
  verifyFailures: number;
}[] = [];
try {
  const hostToken = await joinToken(
    'bench-host',
    'bench',
    { canPublish: true },
    { metadata: '{"role":"host"}' },
  );
  if (browser) {
    const host = await (await browser.newContext()).newPage();
    await host.goto(web.url);
    await host.evaluate(
      async ([u, t]) => {
        const g = globalThis as unknown as {
          lkJoin(u: string, t: string): Promise<void>;
          lk: { room: { localParticipant: { setCameraEnabled(on: boolean): Promise<void> } } };
        };
        await g.lkJoin(u as string, t as string);
        await g.lk.room.localParticipant.setCameraEnabled(true);
      },
      [url, hostToken],
    );
    await sleep(6_000); // let Chrome ramp all three layers up under the REMB cap
  } else {
    // The synthetic publisher runs inside the SFU child and is already sending.
    await sleep(1_000);
  }
  let have = 0;
  for (const n of STEPS) {
    const tokens = await Promise.all(
      Array.from({ length: n - have }, (_, i) =>
        joinToken(`viewer-${have + i}`, 'bench', { canPublish: false }),
      ),
    );
    console.error(`connecting ${n - have} more viewers…`);
    await ask(viewers, { cmd: 'add', url, tokens }, 'added');
    have = n;
    // Signalling is up when `added` arrives, but ICE/DTLS for dozens of werift peers takes a while
    // longer: measure only once every viewer has been receiving for SETTLE_MS.
    const waitStart = performance.now();
    for (;;) {
      const { receiving } = await ask<{ receiving: number }>(viewers, { cmd: 'stats' }, 'stats');
      if (receiving >= n) break;
      if (performance.now() - waitStart > 120_000) {
        console.error(`only ${receiving}/${n} viewers receiving after 120 s; measuring anyway`);
        break;
      }
      await sleep(500);
    }
    console.error(`all viewers receiving after ${((performance.now() - waitStart) / 1000).toFixed(1)} s`);
    await sleep(SETTLE_MS);
    const s0 = await ask<{ stats: { received: number; expected: number } }>(
      viewers,
      { cmd: 'stats' },
      'stats',
    );
    const c0 = await ask<{ cpu: NodeJS.CpuUsage; published: number }>(server, { cmd: 'cpu' }, 'cpu');
    const f0 = await counters(httpUrl);
    const t0 = performance.now();
    await sleep(WINDOW_MS);
    const s1 = await ask<{
      stats: { received: number; expected: number };
      receiving: number;
      verified: number;
      verifyFailures: number;
    }>(viewers, { cmd: 'stats' }, 'stats');
    const c1 = await ask<{ cpu: NodeJS.CpuUsage; published: number }>(server, { cmd: 'cpu' }, 'cpu');
    const f1 = await counters(httpUrl);
    const secs = (performance.now() - t0) / 1000;
    const cpuUs = c1.cpu.user + c1.cpu.system - (c0.cpu.user + c0.cpu.system);
    const pkts = f1.forwarded - f0.forwarded;
    const expected = s1.stats.expected - s0.stats.expected;
    const lost = expected - (s1.stats.received - s0.stats.received);
    const received = s1.stats.received - s0.stats.received;
    const row = {
      n,
      cpuPct: cpuUs / 1e4 / secs,
      pktPerSec: pkts / secs,
      publishedPerSec: (c1.published - c0.published) / secs,
      sfuReceivedPerSec: (f1.received - f0.received) / secs,
      droppedPerSec: (f1.dropped - f0.dropped) / secs,
      usPerPkt: pkts ? cpuUs / pkts : 0,
      // Gaps in what viewers got (includes loss between publisher and SFU)...
      lossPct: expected ? (100 * Math.max(0, lost)) / expected : 0,
      // ...and what the SFU sent that viewers did not get.
      sfuLossPct: pkts ? (100 * Math.max(0, pkts - received)) / pkts : 0,
      receiving: s1.receiving,
      verified: s1.verified,
      verifyFailures: s1.verifyFailures,
    };
    rows.push(row);
    console.log(
      `N=${n}: server CPU ${row.cpuPct.toFixed(1)} % of a core, published ${row.publishedPerSec.toFixed(0)} pkt/s (SFU received ${row.sfuReceivedPerSec.toFixed(0)}, dropped ${row.droppedPerSec.toFixed(0)} waiting for keyframes), forwarded ${row.pktPerSec.toFixed(0)} pkt/s, ${row.usPerPkt.toFixed(1)} µs/pkt, loss ${row.lossPct.toFixed(2)} % (seq gaps) / ${row.sfuLossPct.toFixed(2)} % (sent vs received), ${row.receiving}/${n} receiving, ${row.verifyFailures}/${row.verified} sampled packets failed to decrypt`,
    );
    if (row.lossPct >= 1 || row.receiving < n || row.verifyFailures > 0 || row.cpuPct >= 95) break;
  }
} finally {
  viewers.send({ cmd: 'close' });
  server.send({ cmd: 'close' });
  await browser?.close();
  await web.close();
}

// Loss is judged on sequence gaps at the viewers. "Sent vs received" compares two counters read in two
// processes a few ms apart, so a busy viewer process shows a lag there that is not loss; it is printed only.
const ok = rows.filter((r) => r.receiving === r.n && r.lossPct < 1 && r.verifyFailures === 0);
// "One core forwards to N": the SFU process (GC threads included) used at most one core for that step.
const best = ok.filter((r) => r.cpuPct <= 100).at(-1);
const first = rows[0];
const last = ok.at(-1) ?? rows.at(-1);
// Marginal cost between the smallest and the largest loss-free step: leaves out the fixed cost of receiving
// the publisher's stream, which a per-packet average at small N would spread over few packets.
const marginalUs =
  first && last && last.pktPerSec > first.pktPerSec
    ? ((last.cpuPct - first.cpuPct) * 1e4) / (last.pktPerSec - first.pktPerSec)
    : Number.NaN;
const pktPerViewer = last ? last.pktPerSec / last.n : Number.NaN;
const perCore = marginalUs > 0 && pktPerViewer > 0 ? 1e6 / (marginalUs * pktPerViewer) : Number.NaN;
console.log('\nviewer capacity (embedded SFU, werift)');
console.log(
  `  publisher: ${PUBLISHER}; machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg()[0]?.toFixed(1)}; publisher and viewers share them`,
);
console.log(
  `  largest N one core forwards to with < 1 % loss: ${best?.n ?? 'none'}${best ? ` (SFU CPU ${best.cpuPct.toFixed(1)} % of one core)` : ''}`,
);
console.log(
  `  CPU per forwarded packet at N=${last?.n}: ${last?.usPerPkt.toFixed(1)} µs (average), ${marginalUs.toFixed(1)} µs (marginal, N=${first?.n}→${last?.n})`,
);
console.log(
  `  packets per viewer: ${pktPerViewer.toFixed(0)} /s → extrapolated viewers per core (marginal cost): ${perCore.toFixed(0)}`,
);
console.log(
  `  LiveKit (Go) published figure: ≈ ${LIVEKIT_VIEWERS_PER_VCPU} viewers per vCPU; goal ≥ ${LIVEKIT_VIEWERS_PER_VCPU} per core: ${best && best.n >= LIVEKIT_VIEWERS_PER_VCPU ? 'met' : 'not met'} in this run`,
);
const floor = await packetFloor();
const floorUs = floor.gcmUs + floor.sendUs;
console.log(
  `  floor in Node here: AES-128-GCM of one 1,100-byte packet ${floor.gcmUs.toFixed(1)} µs + one UDP send ${floor.sendUs.toFixed(1)} µs = ${floorUs.toFixed(1)} µs → at most ${pktPerViewer > 0 ? (1e6 / (floorUs * pktPerViewer)).toFixed(0) : '?'} viewers per core even if forwarding cost nothing else`,
);
console.log('  command: npx tsx bench/media/viewer-capacity.ts');
process.exit(0);

/**
 * Viewer capacity of the embedded SFU: one host publishes ≈ 2 Mbps of VP8, N werift viewers in
 * another process subscribe, and the SFU's CPU time (its process and its send workers, decision 018)
 * is read over a fixed window. The same run measures each MEDIA_WORKERS setting in BENCH_WORKERS
 * (default 1,2) with a fresh server and fresh viewers, and prints the ratio. Prints, never asserts.
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
import { readUdpDrops, udpDropsSince } from '../support/udp-drops.ts';
import { ensureNoisyY4m } from './noisy-y4m.lib.ts';
import { packetFloor } from './packet-floor.lib.ts';

printMachineLoad();

// Up to past the goal (190 per core); the run stops at the first step that takes 95 % of a core.
const STEPS = (process.env.BENCH_VIEWERS ?? '50,100,150,200,250,300,350,400,450').split(',').map(Number);
const WORKER_SETTINGS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
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
async function counters(
  httpUrl: string,
): Promise<{ received: number; forwarded: number; dropped: number; workerSent: number }> {
  const text = await (await fetch(`${httpUrl}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    received: read('media_received_packets_total'),
    forwarded: read('media_forwarded_packets_total'),
    dropped: read('media_dropped_packets_total'),
    // Reported by each send worker once a second: over a window of several seconds the lag cancels out.
    workerSent: [...text.matchAll(/^media_worker_sent_packets_total\{worker="\d+"\} (\d+)$/gm)].reduce(
      (a, m) => a + Number(m[1]),
      0,
    ),
  };
}

const PUBLISHER = process.env.BENCH_PUBLISHER ?? 'synthetic';
const y4m = PUBLISHER === 'chromium' ? ensureNoisyY4m('/tmp/mintcast-bench/noisy-960x540.y4m', 960, 540) : '';
const web = await startStaticServer();
const browser =
  PUBLISHER === 'chromium' ? await launchChromium([`--use-file-for-fake-video-capture=${y4m}`]) : undefined;

interface Row {
  n: number;
  /** The SFU's CPU, all its processes, % of one core. */
  cpuPct: number;
  /** The SFU process alone (signalling, ICE, DTLS, RTCP, forwarding decisions). */
  mainPct: number;
  /** Each send worker. */
  workerPct: number[];
  /** The process hosting the N receivers. */
  receiversPct: number;
  pktPerSec: number;
  publishedPerSec: number;
  sfuReceivedPerSec: number;
  droppedPerSec: number;
  usPerPkt: number;
  /** The SFU process's CPU per forwarded packet. */
  mainUsPerPkt: number;
  /** The send workers' CPU per packet they sent. */
  workerUsPerPkt: number;
  lossPct: number;
  sfuLossPct: number;
  receiving: number;
  verified: number;
  verifyFailures: number;
}
type Cpu = { cpu: NodeJS.CpuUsage; workersCpuUs: number[]; published: number };
type ViewerStats = {
  stats: { received: number; expected: number };
  receiving: number;
  verified: number;
  verifyFailures: number;
  cpu: NodeJS.CpuUsage;
};
const us = (c: NodeJS.CpuUsage) => c.user + c.system;
/**
 * Loss-free: < 1 % sequence gaps at the viewers, all receiving, decryption checks pass, and the viewers got
 * within 5 % of what the SFU forwarded in the window (more means the sending falls behind: a growing delay
 * that shows as loss only later).
 */
const passes = (r: Row) => r.receiving === r.n && r.lossPct < 1 && r.verifyFailures === 0 && r.sfuLossPct < 5;

/** One MEDIA_WORKERS setting: a fresh SFU (with its publisher) and a fresh viewer process, stepped up. */
async function measure(workers: number): Promise<Row[]> {
  console.log(
    `\nMEDIA_WORKERS=${workers} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')})`,
  );
  const server = child(
    'media-server-child.ts',
    PUBLISHER === 'chromium'
      ? { MEDIA_WORKERS: String(workers) }
      : {
          MEDIA_WORKERS: String(workers),
          BENCH_PUBLISHER_TOKEN: await joinToken('bench-host', 'bench', { canPublish: true }),
        },
  );
  const { url } = await ask<{ url: string }>(server, null, 'url');
  const httpUrl = url.replace('ws://', 'http://');
  const viewers = child('viewers-worker.ts');
  await ask(viewers, null, 'ready');
  const rows: Row[] = [];
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
      const s0 = await ask<ViewerStats>(viewers, { cmd: 'stats' }, 'stats');
      const c0 = await ask<Cpu>(server, { cmd: 'cpu' }, 'cpu');
      const f0 = await counters(httpUrl);
      const drops0 = readUdpDrops();
      const t0 = performance.now();
      await sleep(WINDOW_MS);
      const s1 = await ask<ViewerStats>(viewers, { cmd: 'stats' }, 'stats');
      const c1 = await ask<Cpu>(server, { cmd: 'cpu' }, 'cpu');
      const f1 = await counters(httpUrl);
      const drops = udpDropsSince(drops0);
      const secs = (performance.now() - t0) / 1000;
      const mainUs = us(c1.cpu) - us(c0.cpu);
      const workerUs = c1.workersCpuUs.map((w, i) => w - (c0.workersCpuUs[i] ?? 0));
      const cpuUs = mainUs + workerUs.reduce((a, b) => a + b, 0);
      const pkts = f1.forwarded - f0.forwarded;
      const expected = s1.stats.expected - s0.stats.expected;
      const lost = expected - (s1.stats.received - s0.stats.received);
      const received = s1.stats.received - s0.stats.received;
      const pct = (u: number) => u / 1e4 / secs;
      const row: Row = {
        n,
        cpuPct: pct(cpuUs),
        mainPct: pct(mainUs),
        workerPct: workerUs.map(pct),
        receiversPct: pct(us(s1.cpu) - us(s0.cpu)),
        pktPerSec: pkts / secs,
        publishedPerSec: (c1.published - c0.published) / secs,
        sfuReceivedPerSec: (f1.received - f0.received) / secs,
        droppedPerSec: (f1.dropped - f0.dropped) / secs,
        usPerPkt: pkts ? cpuUs / pkts : 0,
        mainUsPerPkt: pkts ? mainUs / pkts : 0,
        workerUsPerPkt:
          f1.workerSent > f0.workerSent ? (cpuUs - mainUs) / (f1.workerSent - f0.workerSent) : 0,
        // Gaps in what viewers got (includes loss between publisher and SFU)...
        lossPct: expected ? (100 * Math.max(0, lost)) / expected : 0,
        // ...and what the SFU sent that viewers did not get.
        sfuLossPct: pkts ? (100 * Math.max(0, pkts - received)) / pkts : 0,
        receiving: s1.receiving,
        verified: s1.verified,
        verifyFailures: s1.verifyFailures,
      };
      rows.push(row);
      const split = row.workerPct.length
        ? ` (SFU process ${row.mainPct.toFixed(1)} %, ${row.mainUsPerPkt.toFixed(1)} µs per forwarded packet; workers ${row.workerPct.map((w) => `${w.toFixed(1)} %`).join(' + ')}, ${row.workerUsPerPkt.toFixed(1)} µs per packet sent)`
        : '';
      console.log(
        `N=${n}: server CPU ${row.cpuPct.toFixed(1)} % of a core${split}, receivers ${row.receiversPct.toFixed(1)} %, published ${row.publishedPerSec.toFixed(0)} pkt/s (SFU received ${row.sfuReceivedPerSec.toFixed(0)}, dropped ${row.droppedPerSec.toFixed(0)} waiting for keyframes), forwarded ${row.pktPerSec.toFixed(0)} pkt/s, ${row.usPerPkt.toFixed(1)} µs/pkt, loss ${row.lossPct.toFixed(2)} % (seq gaps) / ${row.sfuLossPct.toFixed(2)} % (sent vs received), ${row.receiving}/${n} receiving, ${row.verifyFailures}/${row.verified} sampled packets failed to decrypt, UDP datagrams the kernel dropped (whole machine): ${drops}, load ${loadavg()[0]?.toFixed(1)}`,
      );
      const busiest = Math.max(row.mainPct, ...row.workerPct);
      if (!passes(row) || busiest >= 95) break;
      // The SFU and the receivers together have the whole machine: no room left to measure more.
      if (row.cpuPct + row.receiversPct >= 95 * cpus().length) break;
    }
  } finally {
    viewers.send({ cmd: 'close' });
    server.send({ cmd: 'close' });
    await Promise.all([server, viewers].map((cp) => new Promise((r) => cp.once('exit', r))));
  }
  return rows;
}

interface Summary {
  workers: number;
  /** Largest loss-free N measured with every SFU process under 95 % of a core. */
  measured?: Row;
  /** Marginal CPU µs per forwarded packet, all SFU processes. */
  marginalUs: number;
  /** The same for the SFU process alone (it must fit in one core whatever the workers do). */
  marginalMainUs: number;
  pktPerViewer: number;
  /** Viewers `workers` cores would serve (one when 1), from the average costs at `measured`. */
  extrapolated: number;
}

const summarize = (workers: number, rows: Row[]): Summary => {
  const ok = rows.filter(passes);
  const measured = ok.filter((r) => Math.max(r.mainPct, ...r.workerPct) < 95).at(-1);
  const first = rows[0];
  const last = ok.at(-1) ?? rows.at(-1);
  // Marginal cost between the smallest and the largest loss-free step: leaves out the fixed cost of
  // receiving the publisher's stream, which a per-packet average at small N would spread over few packets.
  const span = first && last ? last.pktPerSec - first.pktPerSec : 0;
  const marginal = (f: (r: Row) => number) =>
    first && last && span > 0 ? ((f(last) - f(first)) * 1e4) / span : Number.NaN;
  const marginalUs = marginal((r) => r.cpuPct);
  const marginalMainUs = marginal((r) => r.mainPct);
  const pktPerViewer = last ? last.pktPerSec / last.n : Number.NaN;
  const cores = Math.max(1, workers);
  // From the average costs at the largest loss-free step (they include the fixed cost of receiving the
  // publisher, so they understate capacity a little, but on a busy shared machine the marginal figure
  // swings). With workers the SFU's processes share `workers` cores and the SFU process must fit in one.
  const at = measured ?? last;
  // A step where nothing was forwarded (the publisher's stream did not arrive) gives no cost.
  if (at && (at.pktPerSec === 0 || (workers > 1 && at.workerUsPerPkt === 0))) {
    return { workers, measured, marginalUs, marginalMainUs, pktPerViewer, extrapolated: Number.NaN };
  }
  const perPkt = at ? (workers > 1 ? at.mainUsPerPkt + at.workerUsPerPkt : at.usPerPkt) : Number.NaN;
  const byTotal = (cores * 1e6) / (perPkt * pktPerViewer);
  const byMain = workers > 1 && at ? 1e6 / (at.mainUsPerPkt * pktPerViewer) : Number.POSITIVE_INFINITY;
  return {
    workers,
    measured,
    marginalUs,
    marginalMainUs,
    pktPerViewer,
    extrapolated: Math.min(byTotal, byMain),
  };
};

const summaries: Summary[] = [];
try {
  for (const w of WORKER_SETTINGS) summaries.push(summarize(w, await measure(w)));
} finally {
  await browser?.close();
  await web.close();
}

console.log('\nviewer capacity (embedded SFU, werift)');
console.log(
  `  publisher: ${PUBLISHER}; machine: ${cpus().length} cores (${cpus()[0]?.model}), load average now ${loadavg()[0]?.toFixed(1)}; publisher, SFU and receivers share them (and so may other users of the machine)`,
);
for (const s of summaries) {
  const m = s.measured;
  console.log(
    `  MEDIA_WORKERS=${s.workers}: largest N measured with < 1 % loss and every SFU process < 95 % of a core: ${m?.n ?? 'none'}${m ? ` (SFU ${m.cpuPct.toFixed(1)} % of a core in all, receivers ${m.receiversPct.toFixed(1)} %)` : ''}; marginal ${s.marginalUs.toFixed(1)} µs per forwarded packet in all${s.workers > 1 ? `, ${s.marginalMainUs.toFixed(1)} µs in the SFU process` : ''} (N=${STEPS[0]}→largest loss-free); ${s.pktPerViewer.toFixed(0)} pkt/s per viewer → extrapolated from the average costs at that step: ${s.extrapolated.toFixed(0)} viewers on ${Math.max(1, s.workers)} core(s) with nothing else running`,
  );
}
const one = summaries.find((s) => s.workers <= 1);
const two = summaries.find((s) => s.workers === 2);
if (one && two) {
  const measuredRatio = one.measured && two.measured ? two.measured.n / one.measured.n : Number.NaN;
  console.log(
    `  2 workers / 1: measured ${measuredRatio.toFixed(2)} × (limited by what the receivers leave free), extrapolated ${(two.extrapolated / one.extrapolated).toFixed(2)} × (budget ≥ 1.8 ×); goal ≥ 400 viewers with 2 workers: ${(two.measured?.n ?? 0) >= 400 ? 'met as measured' : Number.isFinite(two.extrapolated) && two.extrapolated >= 400 ? 'met by extrapolation only' : 'not met'}`,
  );
}
const floor = await packetFloor();
const floorUs = floor.gcmUs + floor.sendUs;
const perViewer = summaries[0]?.pktPerViewer ?? Number.NaN;
console.log(
  `  floor in Node here: AES-128-GCM of one 1,100-byte packet ${floor.gcmUs.toFixed(1)} µs + one UDP send ${floor.sendUs.toFixed(1)} µs = ${floorUs.toFixed(1)} µs → at most ${perViewer > 0 ? (1e6 / (floorUs * perViewer)).toFixed(0) : '?'} viewers per core even if forwarding cost nothing else`,
);
console.log(`  LiveKit (Go) published figure: ≈ ${LIVEKIT_VIEWERS_PER_VCPU} viewers per vCPU`);
console.log('  command: npx tsx bench/media/viewer-capacity.ts');
process.exit(0);

/**
 * Issue 5 budget: one stream, N viewers on one server process, R messages/s posted for S seconds.
 * Prints lost deliveries (never arrived, after draining until deliveries stop) apart from late ones (arrived
 * more than BENCH_LATE_MS, default 1,000 ms, after the post), duplicated ones, p50/p99 post→receive, deliveries/s and server memory over time,
 * for the real app (POST /api/streams/{mint}/messages → NOTIFY → WebSocket) and for a bare `ws`
 * broadcast server (the ceiling), then the ratios. Prints, never asserts.
 *
 * Issue 19 adds two variants. BENCH_BURNER=1 runs both servers a second time with a CPU burner (a bounded
 * busy loop in a child process, started and stopped with the phase) taking one core, and prints the chat p99
 * under the burner against the bare `ws` p99 of the same run (budget ≤ 3×). BENCH_SCENARIO=channel-10k is
 * 10,000 sockets in one channel at 5 msg/s (budget: 0 lost, p99 ≤ 250 ms) instead of 2,000 at 20 msg/s.
 * Run: npx tsx bench/chat/chat-fanout.ts   (BENCH_VIEWERS=2000 BENCH_RATE=20 BENCH_SECONDS=60 BENCH_WARMUP_SECONDS=5;
 *      BENCH_SCENARIO=channel-10k; BENCH_BURNER=1; BENCH_DRAIN_QUIET_SECONDS=15 BENCH_DRAIN_MAX_SECONDS=120;
 *      BENCH_DATABASE_URL=postgres://… to run the app on PostgreSQL instead of PGlite;
 *      BENCH_CPU_PROF=<dir> to write the server processes' CPU profiles; BENCH_NODE_ARGS for their node flags)
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { startBurner } from '../support/burner.ts';
import { repoRoot } from '../support/child.ts';
import { printMachineLoad, ratioUnderLoad, underLoad } from '../support/load.ts';
import { ms, perSec, report } from '../support/report.ts';

printMachineLoad();
const LATE_MS = Number(process.env.BENCH_LATE_MS ?? 1000);
const SCENARIOS = {
  default: { viewers: 2000, rate: 20, p99BudgetMs: 100 },
  'channel-10k': { viewers: 10_000, rate: 5, p99BudgetMs: 250 },
} as const;
const SCENARIO_NAME = (process.env.BENCH_SCENARIO ?? 'default') as keyof typeof SCENARIOS;
const SCENARIO = SCENARIOS[SCENARIO_NAME];
if (!SCENARIO) throw new Error(`BENCH_SCENARIO: one of ${Object.keys(SCENARIOS).join(', ')}`);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? SCENARIO.viewers);
const RATE = Number(process.env.BENCH_RATE ?? SCENARIO.rate);
const BURNER = process.env.BENCH_BURNER === '1';
const DRAIN_QUIET_S = Number(process.env.BENCH_DRAIN_QUIET_SECONDS ?? 15);
const DRAIN_MAX_S = Number(process.env.BENCH_DRAIN_MAX_SECONDS ?? 120);
const COMMAND = `${[
  SCENARIO_NAME === 'default' ? '' : `BENCH_SCENARIO=${SCENARIO_NAME}`,
  BURNER ? 'BENCH_BURNER=1' : '',
  process.env.BENCH_SECONDS ? `BENCH_SECONDS=${process.env.BENCH_SECONDS}` : '',
  process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL=…' : '',
]
  .filter(Boolean)
  .join(' ')} npx tsx bench/chat/chat-fanout.ts`.trim();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const POSTERS = Math.max(1, Math.ceil((RATE * 30) / 15)); // each poster well under 20 per 30 s
const MINT = `0x${'b'.repeat(40)}`;
const CHANNEL = `stream_chat_${MINT}`;

interface Child {
  port: number;
  tokens: string[];
  /** Memory samples, each second, with the machine's 1-minute load when it was taken. */
  mem: { t: number; rss: number; heap: number; external: number; load: number }[];
  stop(): void;
}

const start = (entry: string): Promise<Child> =>
  new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there (for finding hot spots).
    const prof = process.env.BENCH_CPU_PROF;
    const args = [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
      '--import',
      'tsx',
      entry,
    ];
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, BENCH_POSTERS: String(POSTERS), BENCH_MINT: MINT },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const mem: Child['mem'] = [];
    let tokens: string[] = [];
    let buf = '';
    const t0 = Date.now();
    child.stdout.on('data', (d) => {
      buf += String(d);
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        nl = buf.indexOf('\n');
        if (process.env.BENCH_NODE_ARGS && !/^(MEM|TOKENS|READY) /.test(line))
          console.error(`[server] ${line}`);
        if (line.startsWith('TOKENS ')) tokens = JSON.parse(line.slice(7));
        else if (line.startsWith('MEM ')) {
          const [, rss, heap, external] = line.split(' ').map(Number);
          mem.push({
            t: (Date.now() - t0) / 1000,
            rss: rss ?? 0,
            heap: heap ?? 0,
            external: external ?? 0,
            load: loadavg()[0] ?? 0,
          });
        } else if (line.startsWith('READY ')) {
          resolve({ port: Number(line.slice(6)), tokens, mem, stop: () => child.kill('SIGTERM') });
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });

const connectViewers = async (
  url: string,
  subscribe: boolean,
  onMessage: (seq: number) => void,
  onFrame: () => void,
) => {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < VIEWERS; i += 100) {
    const batch = Array.from({ length: Math.min(100, VIEWERS - i) }, () => {
      // The viewers measure the server, so they stay cheap: no UTF-8 validation, no decoding, just the
      // sequence number read from the bytes.
      const ws = new WebSocket(url, { skipUTF8Validation: true, perMessageDeflate: false });
      // A frame may carry several events (deliveries coalesced per socket): count every marker in it.
      ws.on('message', (data: Buffer) => {
        onFrame();
        for (let at = data.indexOf(MARKER); at >= 0; at = data.indexOf(MARKER, at + MARKER.length))
          onMessage(readSeq(data, at + MARKER.length));
      });
      sockets.push(ws);
      return new Promise<void>((resolve, reject) => {
        ws.once('open', () => {
          if (!subscribe) return resolve();
          ws.send(JSON.stringify({ type: 'subscribe', channel: CHANNEL }));
          ws.once('message', () => resolve());
        });
        ws.once('error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
};

const MARKER = Buffer.from('"content":"#');
const readSeq = (data: Buffer, from: number): number => {
  let n = 0;
  for (let i = from; i < data.length; i++) {
    const d = (data[i] ?? 0) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return n;
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const run = async (
  label: string,
  entry: string,
  opts: { subscribe: boolean; postPath: string; burner?: boolean },
) => {
  // Started first so it runs for the whole phase (underLoad's busyCores assumes so); bounded in case we die.
  const burner = opts.burner ? startBurner(SECONDS + WARMUP + 300) : null;
  const server = await start(path.join(repoRoot, 'bench/chat', entry));
  const total = RATE * SECONDS;
  const sentAt = new Float64Array(total).fill(-1);
  const received = new Uint16Array(total);
  const latencies: number[] = [];
  /** Post→receive latencies per 5 s of posting (by the message's sequence number), to show warm-up and drift. */
  const windows: number[][] = Array.from({ length: Math.ceil(SECONDS / 5) }, () => []);
  let deliveries = 0;
  let late = 0;
  let lastDeliveryAt = performance.now();
  let lastFrameAt = performance.now();
  let failedPosts = 0;
  const sockets = await connectViewers(
    `ws://127.0.0.1:${server.port}/api/realtime`,
    opts.subscribe,
    (seq) => {
      deliveries += 1;
      lastDeliveryAt = performance.now();
      if (seq >= 0 && seq < total) {
        received[seq] = (received[seq] ?? 0) + 1;
        const latency = performance.now() - (sentAt[seq] ?? 0);
        if (latency > LATE_MS) late += 1;
        latencies.push(latency);
        windows[Math.floor(seq / (RATE * 5))]?.push(latency);
      }
    },
    () => {
      lastFrameAt = performance.now();
    },
  );
  // Post `count` messages at RATE/s; `body(n)` is the n-th message's content.
  const postAtRate = (count: number, content: (n: number) => string, onSent: (n: number) => void) =>
    new Promise<void>((resolve) => {
      let seq = 0;
      const started = performance.now();
      const timer = setInterval(
        () => {
          // Catch up on timer drift so the offered rate stays RATE/s.
          const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * RATE) + 1);
          for (; seq < due; seq++) {
            const n = seq;
            onSent(n);
            fetch(`http://127.0.0.1:${server.port}${opts.postPath}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(server.tokens.length
                  ? { authorization: `Bearer ${server.tokens[n % server.tokens.length]}` }
                  : {}),
              },
              body: JSON.stringify({ content: content(n), id: String(n) }),
            })
              .then((r) => {
                if (r.status !== 201) failedPosts += 1;
                return r.arrayBuffer();
              })
              .catch(() => {
                failedPosts += 1;
              });
          }
          if (seq >= count) {
            clearInterval(timer);
            resolve();
          }
        },
        1000 / RATE / 2,
      );
    });
  // Warm-up (JIT, first queries, buffers), not measured: messages without the "#<seq>" marker.
  await postAtRate(
    RATE * WARMUP,
    (n) => `warm-up ${n} benchmark message with some text in it`,
    () => {},
  );
  // Let the warm-up's deliveries arrive (no frame for 1 s, 60 s at most) so its backlog is not measured.
  const warmedAt = performance.now();
  do await new Promise((r) => setTimeout(r, 250));
  while (performance.now() - lastFrameAt < 1000 && performance.now() - warmedAt < 60_000);
  const failedWarmup = failedPosts;
  failedPosts = 0;
  const memAtStart = server.mem.length;
  const t0 = performance.now();
  await postAtRate(
    total,
    (n) => `#${n} benchmark message with some text in it`,
    (n) => {
      sentAt[n] = performance.now();
    },
  );
  const postingSeconds = (performance.now() - t0) / 1000;
  // Drain: until every delivery arrived, or none arrived for DRAIN_QUIET_S (DRAIN_MAX_S at most). What never
  // came is lost; what came more than LATE_MS after its post is late, counted apart. On a crowded machine one
  // flush to 10,000 sockets can take seconds, so the quiet window is generous: a short one counts late as lost.
  const drainStart = performance.now();
  while (
    deliveries < total * VIEWERS &&
    performance.now() - lastDeliveryAt < DRAIN_QUIET_S * 1000 &&
    performance.now() - drainStart < DRAIN_MAX_S * 1000
  )
    await new Promise((r) => setTimeout(r, 250));
  const closedByServer = sockets.filter((s) => s.readyState !== s.OPEN).length;
  const elapsed = (performance.now() - t0) / 1000;
  let lost = 0;
  let duplicated = 0;
  for (let i = 0; i < total; i++) {
    const r = received[i] ?? 0;
    if (r < VIEWERS) lost += VIEWERS - r;
    if (r > VIEWERS) duplicated += r - VIEWERS;
  }
  latencies.sort((a, b) => a - b);
  const mem = server.mem.slice(memAtStart);
  const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
  const samples = mem
    .filter((_, i) => i % Math.max(1, Math.floor(mem.length / 6)) === 0)
    .map((m) => `${mb(m.rss)} (load ${m.load.toFixed(1)})`);
  const heaps = mem
    .filter((_, i) => i % Math.max(1, Math.floor(mem.length / 6)) === 0)
    .map((m) => `${mb(m.heap)}/${mb(m.external)}`);
  for (const s of sockets) s.terminate();
  server.stop();
  await burner?.stop();
  const result = {
    deliveriesPerSec: deliveries / postingSeconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
  report(
    `${label}${opts.burner ? ', CPU burner on one core' : ''}: ${VIEWERS} viewers, ${RATE} msg/s for ${SECONDS} s`,
    COMMAND,
    [
      ['warm-up (not measured)', `${RATE * WARMUP} posts in ${WARMUP} s, ${failedWarmup} failed`],
      ['posted / failed posts', `${total} / ${failedPosts}`],
      ['expected deliveries', (total * VIEWERS).toLocaleString('en-US')],
      ['received deliveries', deliveries.toLocaleString('en-US')],
      ['lost (never arrived) / duplicated', `${lost} / ${duplicated} (budget 0 lost)`],
      ['viewer sockets closed by the server', String(closedByServer)],
      [`late (> ${LATE_MS} ms after the post)`, late.toLocaleString('en-US')],
      [
        'post→receive p50 / p99',
        `${ms(result.p50)} / ${ms(result.p99)}${opts.burner ? '' : ` (budget p99 ≤ ${SCENARIO.p99BudgetMs} ms)`}`,
      ],
      [
        'p99 per 5 s of posting',
        `${windows
          .map((w) =>
            quantile(
              w.sort((a, b) => a - b),
              0.99,
            ).toFixed(0),
          )
          .join(' ')} ms`,
      ],
      ['deliveries/s (posting window)', perSec(result.deliveriesPerSec)],
      ['server RSS over time', samples.join(' → ')],
      ['server JS heap / external over time', heaps.join(' → ')],
      [
        'server RSS first → last',
        `${mb(mem[0]?.rss ?? 0)} → ${mb(mem.at(-1)?.rss ?? 0)} (budget last ≤ 2 × first; load ${(mem[0]?.load ?? 0).toFixed(1)} → ${(mem.at(-1)?.load ?? 0).toFixed(1)})`,
      ],
      ['elapsed incl. drain', `${elapsed.toFixed(1)} s`],
    ],
  );
  return { ...result, lost };
};

const appLabel = `Mintcast chat (app + ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} NOTIFY)`;
const chatPhase = { subscribe: true, postPath: `/api/streams/${MINT}/messages` };
const barePhase = { subscribe: false, postPath: '/post' };
const chat = await underLoad(() => run(appLabel, 'chat-server.ts', chatPhase));
const bare = await underLoad(() => run('bare ws broadcast (ceiling)', 'ws-baseline-server.ts', barePhase));
const ratios: [string, string][] = [
  [
    'deliveries/s',
    ratioUnderLoad(
      { value: chat.result.deliveriesPerSec, load: chat.load },
      { value: bare.result.deliveriesPerSec, load: bare.load },
      '(budget ≥ 1.0)',
    ),
  ],
  [
    'p99 latency (chat / bare)',
    ratioUnderLoad({ value: chat.result.p99, load: chat.load }, { value: bare.result.p99, load: bare.load }),
  ],
];
if (BURNER) {
  // The burner's own core is left out of the phase's load (busyCores), so the rule compares the others'.
  const burnt = { busyCores: 1 };
  const chatBurnt = await underLoad(
    () => run(appLabel, 'chat-server.ts', { ...chatPhase, burner: true }),
    burnt,
  );
  const bareBurnt = await underLoad(
    () => run('bare ws broadcast (ceiling)', 'ws-baseline-server.ts', { ...barePhase, burner: true }),
    burnt,
  );
  ratios.push(
    [
      'p99 chat under burner / bare (no burner)',
      ratioUnderLoad(
        { value: chatBurnt.result.p99, load: chatBurnt.load },
        { value: bare.result.p99, load: bare.load },
        '(budget ≤ 3.0)',
      ),
    ],
    [
      'p99 chat / bare, both under burner',
      ratioUnderLoad(
        { value: chatBurnt.result.p99, load: chatBurnt.load },
        { value: bareBurnt.result.p99, load: bareBurnt.load },
      ),
    ],
    [
      'deliveries/s chat / bare, both under burner',
      ratioUnderLoad(
        { value: chatBurnt.result.deliveriesPerSec, load: chatBurnt.load },
        { value: bareBurnt.result.deliveriesPerSec, load: bareBurnt.load },
      ),
    ],
  );
}
report('ratio chat / bare ws', COMMAND, ratios);
printMachineLoad('end');
process.exit(0);

/**
 * The send path alone, in and out of worker processes (decision 018): K subscribers each get every packet of
 * a 240 pkt/s stream of 1,100-byte payloads, encrypted with AES-128-GCM and sent on loopback from the
 * subscriber's own UDP socket, either in this thread (MEDIA_WORKERS=1's path: a cipher and a send per viewer)
 * or through `SendPool` with W workers (this thread writes 6 words per viewer and one message per worker
 * per packet). Prints CPU µs per packet delivered for this thread and for the workers. No werift: this is
 * the part of a viewer's cost that moves, measured without the viewers' receive side.
 *
 *   npx tsx bench/media/send-split.ts          (BENCH_SUBSCRIBERS=200, BENCH_WORKERS=2, BENCH_WINDOW_MS=8000)
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createLogger } from '../../apps/media/src/logger.ts';
import { SendPool } from '../../apps/media/src/rtc/send-pool.ts';
import { printMachineLoad } from '../support/load.ts';

printMachineLoad();
const K = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const W = Number(process.env.BENCH_WORKERS ?? 2);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 8_000);
const RATE = 240;

const bind = async (): Promise<Socket> => {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  return s;
};
/**
 * Where every subscriber's packets go: a socket that is never read (the kernel drops what overflows), so
 * the receive side costs this process nothing.
 */
const drain = await bind();
const drainPort = drain.address().port;
const state = Object.getOwnPropertySymbols(drain).find((x) => x.description === 'state symbol');
(drain as unknown as Record<symbol, { handle: { recvStop(): void } }>)[state as symbol]?.handle.recvStop();

const subscribers = await Promise.all(Array.from({ length: K }, () => bind()));
const header = Buffer.alloc(20, 0);
header[0] = 0x90;
const key = randomBytes(16);
const salt = randomBytes(12);
const payload = randomBytes(1_100);

const workerCpuUs = (): number =>
  readdirSync('/proc/self/task')
    .flatMap((tid) => readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/))
    .filter((pid) => pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('send-worker'))
    .reduce((sum, pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + (Number(f[11]) + Number(f[12])) * 1e4;
    }, 0);

/** Sends `packet(seq)` at RATE per second for the window; returns CPU µs of this thread and the workers. */
const run = async (packet: (seq: number) => void) => {
  const started = performance.now();
  let seq = 0;
  const c0 = process.cpuUsage();
  const w0 = workerCpuUs();
  while (performance.now() - started < WINDOW_MS) {
    const due = Math.floor(((performance.now() - started) * RATE) / 1000);
    while (seq < due) packet(seq++);
    await new Promise((r) => setTimeout(r, 2));
  }
  const c = process.cpuUsage(c0);
  // The workers may still be behind on a busy machine: wait until their reported counts stop moving.
  let last = -1;
  for (let n = pool?.stats().reduce((a, s) => a + s.sent, 0) ?? 0; n !== last; ) {
    await new Promise((r) => setTimeout(r, 1_200));
    last = n;
    n = pool?.stats().reduce((a, s) => a + s.sent, 0) ?? 0;
  }
  return { packets: seq, mainUs: c.user + c.system, workerUs: workerCpuUs() - w0 };
};

let pool: SendPool | undefined;
// In this thread: one cipher and one send per subscriber per packet (what RtpWriter does without workers).
const iv = Buffer.alloc(12);
const inThread = await run((seq) => {
  for (const s of subscribers) {
    const out = Buffer.allocUnsafe(header.length + payload.length + 16);
    header.copy(out, 0);
    out.writeUInt16BE(seq & 0xffff, 2);
    iv.writeUInt16BE(seq & 0xffff, 10);
    const c = createCipheriv('aes-128-gcm', key, iv);
    c.setAAD(out.subarray(0, header.length));
    c.update(payload).copy(out, header.length);
    c.final();
    c.getAuthTag().copy(out, header.length + payload.length);
    s.send(out, drainPort, '127.0.0.1');
  }
});

pool = await SendPool.start(W, createLogger('warn'));
if (!pool) throw new Error('BENCH_WORKERS must be at least 2');
const workers = pool;
const lanes = subscribers.map((socket) => {
  const lane = workers.lane();
  if (!lane) throw new Error('no worker');
  const slot = lane.slot();
  lane.configure(slot, {
    socket,
    host: '127.0.0.1',
    port: drainPort,
    key,
    salt,
    ssrc: 1,
    header,
    absOffset: -1,
  });
  return { lane, slot };
});
await new Promise((r) => setTimeout(r, 500));
const sent0 = workers.stats().reduce((a, s) => a + s.sent, 0);
const viaWorkers = await run((seq) => {
  for (const { lane, slot } of lanes) lane.push(slot, false, seq & 0xffff, seq * 3000, 0, 0, payload);
});
const sent = workers.stats().reduce((a, s) => a + s.sent, 0) - sent0;
workers.close();

const perPkt = (us: number, n: number) => (n ? us / n : Number.NaN).toFixed(2);
const inPkts = inThread.packets * K;
const wPkts = viaWorkers.packets * K;
console.log(
  `send path, ${K} subscribers × ${RATE} pkt/s, 1,100-byte payloads, ${WINDOW_MS / 1000} s per mode`,
);
console.log(`  in this thread: ${perPkt(inThread.mainUs, inPkts)} µs per packet (cipher + send)`);
console.log(
  `  ${W} workers: this thread ${perPkt(viaWorkers.mainUs, wPkts)} µs per packet (6 words + one message per worker per packet); workers ${perPkt(viaWorkers.workerUs, sent)} µs per packet sent; ${sent}/${wPkts} sent`,
);
console.log(`  load average at the end ${loadavg()[0]?.toFixed(1)} (shared machine)`);
console.log('  command: npx tsx bench/media/send-split.ts');
for (const s of subscribers) s.close();
drain.close();
process.exit(0);

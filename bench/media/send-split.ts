/**
 * The send path alone, on this thread and on send workers (decision 018), with Node's cipher and send or the
 * native addon's (decision 019): K subscribers each get every packet of a 240 pkt/s stream of 1,100-byte
 * payloads, encrypted with AES-128-GCM and sent on loopback from the subscriber's own UDP socket. Four modes,
 * alternating for BENCH_ROUNDS rounds (the machine is shared: compare within a run):
 *   thread/js      this thread, a createCipheriv and a dgram send per viewer (RtpWriter without a lane)
 *   thread/native  this thread, the addon (InlineSender: the packets of a turn in one call)
 *   workers/js     SendPool: W worker processes on Node's path (this thread writes 6 words per viewer)
 *   workers/native InlineSender on W of the addon's send threads (what a server with the addon runs)
 * Prints CPU µs per packet for this thread and for the workers, and the two floors of packet-floor.lib.ts
 * measured in the same run. No werift: this is the part of a viewer's cost that moves, without the receive side.
 *
 *   npx tsx bench/media/send-split.ts   (BENCH_SUBSCRIBERS=200, BENCH_WORKERS=2, BENCH_WINDOW_MS=8000, BENCH_ROUNDS=2)
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { loadavg } from 'node:os';
import { createLogger } from '../../apps/media/src/logger.ts';
import { InlineSender } from '../../apps/media/src/rtc/inline-sender.ts';
import type { PacketLane } from '../../apps/media/src/rtc/packet-lane.ts';
import { SendPool } from '../../apps/media/src/rtc/send-pool.ts';
import { printMachineLoad } from '../support/load.ts';
import { cpuWithoutSendThreads, sendWorkersCpuUs } from '../support/send-workers-cpu.ts';
import { nativePacketFloor, packetFloor } from './packet-floor.lib.ts';

printMachineLoad();
const K = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const W = Number(process.env.BENCH_WORKERS ?? 2);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 8_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
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

const header = Buffer.alloc(20, 0);
header[0] = 0x90;
const key = randomBytes(16);
const salt = randomBytes(12);
const payload = randomBytes(1_100);

const workerCpuUs = (): number => sendWorkersCpuUs().reduce((a, b) => a + b, 0);

/** Sends `packet(seq)` at RATE per second for the window; returns CPU µs of this thread and the workers. */
const run = async (packet: (seq: number) => void, pool?: { stats(): { sent: number }[] }) => {
  const started = performance.now();
  let seq = 0;
  const c0 = cpuWithoutSendThreads();
  const w0 = workerCpuUs();
  while (performance.now() - started < WINDOW_MS) {
    const due = Math.floor(((performance.now() - started) * RATE) / 1000);
    while (seq < due) packet(seq++);
    await new Promise((r) => setTimeout(r, 2));
  }
  await new Promise((r) => setImmediate(r)); // the last turn's batch
  const c1 = cpuWithoutSendThreads();
  const c = { user: c1.user - c0.user, system: c1.system - c0.system };
  // The workers may still be behind on a busy machine: wait until their reported counts stop moving.
  let last = -1;
  for (let n = pool?.stats().reduce((a, s) => a + s.sent, 0) ?? 0; n !== last; ) {
    await new Promise((r) => setTimeout(r, 1_200));
    last = n;
    n = pool?.stats().reduce((a, s) => a + s.sent, 0) ?? 0;
  }
  return { packets: seq, mainUs: c.user + c.system, workerUs: workerCpuUs() - w0 };
};

/** Lanes for every subscriber, configured as RtpWriter configures them (one room each: spread evenly). */
const lanesFor = (subscribers: Socket[], lane: (i: number) => PacketLane | undefined) =>
  subscribers.map((socket, i) => {
    const l = lane(i);
    if (!l) throw new Error('no lane');
    const slot = l.slot();
    l.configure(slot, {
      socket,
      host: '127.0.0.1',
      port: drainPort,
      key,
      salt,
      ssrc: 1,
      header,
      absOffset: -1,
    });
    return { lane: l, slot };
  });

interface Result {
  mode: string;
  mainUs: number;
  workerUs?: number;
  sent?: number;
  handed: number;
  load: number;
}

/** The addon's W send threads, behind the part of SendPool's interface this bench uses. */
const sendThreads = (threads: number) => {
  const { sender, reason } = InlineSender.start(true, threads);
  if (!sender) throw new Error(reason);
  return { stats: () => sender.threadStats(), lane: () => sender.lane(), close: () => sender.close() };
};

const perPkt = (us: number, n: number) => (n ? us / n : Number.NaN);

const measure = async (mode: string): Promise<Result> => {
  const subscribers = await Promise.all(Array.from({ length: K }, () => bind()));
  const load0 = loadavg()[0] ?? 0;
  try {
    if (mode === 'thread/js') {
      // What RtpWriter does without a lane: a cipher and a send per subscriber per packet.
      const iv = Buffer.alloc(12);
      const r = await run((seq) => {
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
      return { mode, mainUs: perPkt(r.mainUs, r.packets * K), handed: r.packets * K, load: load0 };
    }
    if (mode === 'thread/native') {
      const { sender, reason } = InlineSender.start(true);
      if (!sender) throw new Error(reason);
      const lanes = lanesFor(subscribers, () => sender.lane());
      const r = await run((seq) => {
        for (const { lane, slot } of lanes) lane.push(slot, false, seq & 0xffff, seq * 3000, 0, 0, payload);
      });
      const sent = sender.stats().sent;
      sender.close();
      return { mode, mainUs: perPkt(r.mainUs, r.packets * K), sent, handed: r.packets * K, load: load0 };
    }
    if (W < 2) throw new Error('BENCH_WORKERS must be at least 2');
    const pool = mode === 'workers/native' ? sendThreads(W) : await SendPool.start(W, createLogger('warn'));
    if (!pool) throw new Error('no send workers');
    const lanes = lanesFor(subscribers, (i) => pool.lane(`room-${i}`));
    await new Promise((r) => setTimeout(r, 500));
    const sent0 = pool.stats().reduce((a, s) => a + s.sent, 0);
    const r = await run((seq) => {
      for (const { lane, slot } of lanes) lane.push(slot, false, seq & 0xffff, seq * 3000, 0, 0, payload);
    }, pool);
    const sent = pool.stats().reduce((a, s) => a + s.sent, 0) - sent0;
    pool.close();
    return {
      mode,
      mainUs: perPkt(r.mainUs, r.packets * K),
      workerUs: perPkt(r.workerUs, sent),
      sent,
      handed: r.packets * K,
      load: load0,
    };
  } finally {
    for (const s of subscribers) s.close();
  }
};

const MODES = ['thread/js', 'thread/native', 'workers/js', 'workers/native'];
console.log(
  `send path, ${K} subscribers × ${RATE} pkt/s, 1,100-byte payloads, ${WINDOW_MS / 1000} s per mode, ${W} workers`,
);
const results: Result[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const mode of MODES) {
    const r = await measure(mode);
    results.push(r);
    const workers = r.workerUs === undefined ? '' : `; workers ${r.workerUs.toFixed(2)} µs per packet sent`;
    const sent = r.sent === undefined ? '' : `; ${r.sent}/${r.handed} sent`;
    console.log(
      `  round ${round} ${mode.padEnd(14)} this thread ${r.mainUs.toFixed(2)} µs per packet${workers}${sent} (load ${r.load.toFixed(1)})`,
    );
  }
  const node = await packetFloor();
  const native = await nativePacketFloor();
  console.log(
    `  round ${round} floors: Node ${(node.gcmUs + node.sendUs).toFixed(2)} µs (cipher ${node.gcmUs.toFixed(2)} + send ${node.sendUs.toFixed(2)}), native ${'reason' in native ? `n/a (${native.reason})` : `${native.us.toFixed(2)} µs`}`,
  );
}
const total = (r: Result) => r.mainUs + (r.workerUs ?? 0);
for (const mode of MODES) {
  const rs = results.filter((r) => r.mode === mode);
  console.log(
    `  ${mode}: in all ${rs.map((r) => total(r).toFixed(2)).join(' / ')} µs per packet over the rounds`,
  );
}
console.log(`  load average at the end ${loadavg()[0]?.toFixed(1)} (shared machine)`);
console.log('  command: npx tsx bench/media/send-split.ts');
drain.close();
process.exit(0);

/**
 * Child process running the SFU, so the benchmark can read its CPU time without the viewers'
 * share. Sends `{ url }` once ready and answers `cpu` with this process's CPU time less its send threads', and,
 * per send worker (MEDIA_WORKERS, decision 018: the addon's send threads, or worker processes on Node's path),
 * its CPU time read from /proc; `profile-start` / `profile-stop`
 * bracket a measuring window with a V8 CPU profile of this process.
 *
 * With BENCH_PUBLISHER_TOKENS set it also runs a synthetic werift publisher per token here: across two
 * processes that werift-to-werift publisher connection never reached `connected` on this machine
 * (not understood yet). Its sending cost is a constant added to every step, so the marginal
 * per-packet figure between steps still excludes it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { startMediaServer } from '../../apps/media/src/index.ts';
import { WeriftPublisher } from '../../apps/media/test/helpers/werift-publisher.ts';
import { cpuWithoutSendThreads, sendWorkersCpuUs } from '../support/send-workers-cpu.ts';

const keys = JSON.parse(process.env.BENCH_KEYS ?? '{}') as Record<string, string>;
const workers = process.env.MEDIA_WORKERS ? Number(process.env.MEDIA_WORKERS) : undefined;
const server = await startMediaServer({
  port: 0,
  host: '127.0.0.1',
  keys,
  logLevel: 'warn',
  mediaWorkers: workers,
});
// One synthetic publisher per token (BENCH_PUBLISHER_TOKENS, a JSON array: one room each).
const tokens = JSON.parse(process.env.BENCH_PUBLISHER_TOKENS ?? '[]') as string[];
const publishers = tokens.map((token) => new WeriftPublisher(server.url, token));
await Promise.all(publishers.map((p) => p.start(Number(process.env.BENCH_PUBLISHER_KBPS ?? 2_000))));
process.send?.({ url: server.url });
/** BENCH_CPU_PROF: a V8 CPU profile of this process over each measuring window only (not start-up, not joins). */
const profiler = new Session();
let profiles = 0;
process.on('message', async (msg: { cmd: string; dir?: string }) => {
  if (msg.cmd === 'profile-start') {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
  }
  if (msg.cmd === 'profile-stop' && msg.dir) {
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    mkdirSync(msg.dir, { recursive: true });
    const file = join(msg.dir, `sfu-window-${process.pid}-${++profiles}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    process.send?.({ profiled: file });
  }
  if (msg.cmd === 'cpu')
    process.send?.({
      cpu: cpuWithoutSendThreads(),
      workersCpuUs: sendWorkersCpuUs(),
      published: publishers.reduce((n, p) => n + p.sent, 0),
    });
  if (msg.cmd === 'close') {
    for (const p of publishers) p.close();
    void server.close().then(() => process.exit(0));
  }
});

/**
 * Child process running the SFU, so the benchmark can read its CPU time without the viewers'
 * share. Sends `{ url }` once ready and answers `cpu` with process.cpuUsage() and, per send worker
 * process (MEDIA_WORKERS, decision 018), its CPU time read from /proc.
 *
 * With BENCH_PUBLISHER_TOKEN set it also runs the synthetic werift publisher here: across two
 * processes that werift-to-werift publisher connection never reached `connected` on this machine
 * (not understood yet). Its sending cost is a constant added to every step, so the marginal
 * per-packet figure between steps still excludes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startMediaServer } from '../../apps/media/src/index.ts';
import { WeriftPublisher } from '../../apps/media/test/helpers/werift-publisher.ts';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const TICKS = 100;

/** CPU µs of each child process (the send workers), from /proc. */
const childrenCpuUs = (): number[] => {
  const pids = readdirSync('/proc/self/task').flatMap((tid) =>
    readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
  );
  // Only the send workers: tsx's esbuild service is a child too.
  const workers = pids.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('send-worker'));
  return workers.map((pid) => {
    // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1e6) / TICKS;
  });
};

const keys = JSON.parse(process.env.BENCH_KEYS ?? '{}') as Record<string, string>;
const workers = process.env.MEDIA_WORKERS ? Number(process.env.MEDIA_WORKERS) : undefined;
const server = await startMediaServer({
  port: 0,
  host: '127.0.0.1',
  keys,
  logLevel: 'warn',
  mediaWorkers: workers,
});
const token = process.env.BENCH_PUBLISHER_TOKEN;
const publisher = token ? new WeriftPublisher(server.url, token) : undefined;
await publisher?.start(Number(process.env.BENCH_PUBLISHER_KBPS ?? 2_000));
process.send?.({ url: server.url });
process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'cpu')
    process.send?.({
      cpu: process.cpuUsage(),
      workersCpuUs: childrenCpuUs(),
      published: publisher?.sent ?? 0,
    });
  if (msg.cmd === 'close') {
    publisher?.close();
    void server.close().then(() => process.exit(0));
  }
});

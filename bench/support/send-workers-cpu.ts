/**
 * CPU time of a media server's send workers (decision 018), read from /proc: the native addon's send threads
 * (mc-send-N, threads of this process) and, on Node's path, the send-worker.mjs child processes. For benches
 * that run the server in their own process.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const TICKS = 100;

/** utime and stime of /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat, in µs. */
const statCpu = (file: string): { user: number; system: number } => {
  // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
  const stat = readFileSync(file, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(f[11]) * 1e6) / TICKS, system: (Number(f[12]) * 1e6) / TICKS };
};

/** CPU of each of the addon's send threads in this process, by thread index. */
const sendThreadsCpu = () =>
  readdirSync('/proc/self/task')
    .map((tid) => ({ tid, comm: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() }))
    .filter((t) => t.comm.startsWith('mc-send-'))
    .sort((a, b) => Number(a.comm.slice(8)) - Number(b.comm.slice(8)))
    .map((t) => statCpu(`/proc/self/task/${t.tid}/stat`));

/** CPU µs of each child process running send-worker.mjs. */
const workerProcessesCpuUs = (): number[] => {
  const pids = readdirSync('/proc/self/task').flatMap((tid) =>
    readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
  );
  // Only the send workers: tsx's esbuild service is a child too.
  const workers = pids.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('send-worker'));
  return workers.map((pid) => {
    const c = statCpu(`/proc/${pid}/stat`);
    return c.user + c.system;
  });
};

/** CPU µs of each send worker: the send threads, then the worker processes. */
export const sendWorkersCpuUs = (): number[] => [
  ...sendThreadsCpu().map((c) => c.user + c.system),
  ...workerProcessesCpuUs(),
];

/** This process's CPU without its send threads' (which count as workers): the SFU's own share. */
export const cpuWithoutSendThreads = (): NodeJS.CpuUsage => {
  const all = process.cpuUsage();
  const threads = sendThreadsCpu();
  return {
    user: all.user - threads.reduce((n, c) => n + c.user, 0),
    system: all.system - threads.reduce((n, c) => n + c.system, 0),
  };
};

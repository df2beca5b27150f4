import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

const ownCpuMs = (pid: number): number => {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
};

const childrenOf = (pid: number): number[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );

/**
 * CPU time (user + system, ms) used so far by a process and its live descendants (tsx starts the server as a
 * child of its own), or null where /proc is not there. On a shared machine, CPU time per request is steadier
 * than requests per second: the other tenants slow the server down, but it spends about the same CPU on each
 * request.
 */
export const processTreeCpuMs = (pid: number): number | null => {
  try {
    let total = 0;
    const queue = [pid];
    for (let p = queue.pop(); p !== undefined; p = queue.pop()) {
      total += ownCpuMs(p);
      queue.push(...childrenOf(p));
    }
    return total;
  } catch {
    return null;
  }
};

/** Run `phase` and return its result with the CPU time `pid` (and its descendants) spent during it. */
export const withCpu = async <T>(pid: number | undefined, phase: () => Promise<T>) => {
  const before = pid === undefined ? null : processTreeCpuMs(pid);
  const result = await phase();
  const after = pid === undefined ? null : processTreeCpuMs(pid);
  return { result, cpuMs: before === null || after === null ? null : after - before };
};

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { launcherLog } from './launcher-log.ts';
import { httpAnswers, type Supervised, type SupervisorEvent, supervise } from './supervisor.ts';

/** A port nobody listens on right now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A child HTTP server on `port` that starts listening only after `delayMs` (a server's start-up). */
const server =
  (port: number, delayMs = 0) =>
  (): ChildProcess =>
    spawn(
      process.execPath,
      [
        '-e',
        `setTimeout(() => require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1'), ${delayMs})`,
      ],
      { stdio: 'ignore', detached: true },
    );

/** Events as they come, and a wait for the first one (from `from`) that matches. */
const recorder = () => {
  const events: SupervisorEvent[] = [];
  const waiters: (() => void)[] = [];
  return {
    events,
    onEvent: (e: SupervisorEvent) => {
      events.push(e);
      for (const w of waiters.splice(0)) w();
    },
    next: async (match: (e: SupervisorEvent) => boolean, from = 0): Promise<SupervisorEvent> => {
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        await new Promise<void>((r) => waiters.push(r));
      }
    },
  };
};

const lines: string[] = [];
const log: typeof launcherLog = (level, event, msg, fields) =>
  launcherLog(level, event, msg, fields, (line) => lines.push(line));
const running: Supervised[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

describe('the liveness watchdog', () => {
  it('kills and restarts a child that stops answering (SIGSTOP), with the back-off, and the new one answers', async () => {
    const port = await freePort();
    const rec = recorder();
    const sup = supervise('probe-test', server(port), {
      liveness: {
        check: httpAnswers(`http://127.0.0.1:${port}/`),
        intervalMs: 50,
        timeoutMs: 500,
        failures: 2,
        startupMs: 30_000,
      },
      onEvent: rec.onEvent,
      log,
    });
    running.push(sup);
    const first = await rec.next((e) => e.event === 'ready');
    const from = rec.events.length;
    process.kill(first.pid as number, 'SIGSTOP');
    const hung = await rec.next((e) => e.event === 'hung', from);
    expect(hung).toMatchObject({ pid: first.pid, failures: 2 });
    const exited = await rec.next((e) => e.event === 'exited', from);
    expect(exited).toMatchObject({ pid: first.pid, how: 'SIGKILL', restart: 1, restartInMs: 500 });
    const again = await rec.next((e) => e.event === 'ready' && e.pid !== first.pid, from);
    expect(again.pid).toBe(sup.current().pid);
    expect(await httpAnswers(`http://127.0.0.1:${port}/`)(AbortSignal.timeout(5_000))).toBe(true);
    const hungLine = lines.map((l) => JSON.parse(l)).find((l) => l.event === 'child_hung');
    expect(hungLine).toMatchObject({
      level: 50,
      service: 'launcher',
      child: 'probe-test',
      childPid: first.pid,
    });
  });

  it('says a child is ready only once it really answers, and gives a slow start its start-up time', async () => {
    const port = await freePort();
    const rec = recorder();
    const sup = supervise('slow-start', server(port, 1_500), {
      liveness: {
        check: httpAnswers(`http://127.0.0.1:${port}/`),
        intervalMs: 50,
        timeoutMs: 500,
        failures: 1,
        startupMs: 60_000,
      },
      onEvent: rec.onEvent,
      log,
    });
    running.push(sup);
    await rec.next((e) => e.event === 'ready');
    // Refused checks before it listened were not misses: it was never taken as hung.
    expect(rec.events.map((e) => e.event)).toEqual(['started', 'ready']);
    expect(await httpAnswers(`http://127.0.0.1:${port}/`)(AbortSignal.timeout(5_000))).toBe(true);
  });
});

describe('launcher lines', () => {
  it("are JSON in the servers' shape: pino's level number, time, pid, hostname, service, event, msg", () => {
    const out: string[] = [];
    launcherLog(
      'info',
      'serving',
      'serving on http://localhost:3000',
      { url: 'http://localhost:3000' },
      (l) => out.push(l),
    );
    expect(out).toHaveLength(1);
    expect(out[0]?.endsWith('\n')).toBe(true);
    expect(JSON.parse(out[0] as string)).toMatchObject({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      service: 'launcher',
      event: 'serving',
      url: 'http://localhost:3000',
      msg: 'serving on http://localhost:3000',
    });
  });
});

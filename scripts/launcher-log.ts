import { hostname } from 'node:os';

/** pino's level numbers, as the API server (pino) and the media server (apps/media/src/logger.ts) write them. */
const LEVELS = { info: 30, warn: 40, error: 50 } as const;
const HOST = hostname();

/**
 * One line of the launcher's own (which child started, exited, stopped answering; where the site is served),
 * in the servers' JSON shape so one log pipeline reads all three: `level` as pino's number, `time` in epoch ms,
 * `pid`, `hostname`, `service`, an `event` name and a readable `msg`. Warnings and errors go to stderr, as the
 * servers' do. `write` is for tests.
 */
export const launcherLog = (
  level: keyof typeof LEVELS,
  event: string,
  msg: string,
  fields: Record<string, unknown> = {},
  write: (line: string) => void = (line) => (level === 'info' ? process.stdout : process.stderr).write(line),
): void => {
  write(
    `${JSON.stringify({
      level: LEVELS[level],
      time: Date.now(),
      pid: process.pid,
      hostname: HOST,
      service: 'launcher',
      event,
      ...fields,
      msg,
    })}\n`,
  );
};

import { hostname } from 'node:os';

/**
 * Structured JSON logs: one line per event on stdout (warnings and errors on stderr), in the API server's
 * (pino's) shape so one pipeline reads both — `level` as pino's number, `time` in epoch ms, `msg`, `pid`,
 * `hostname`, and `reqId` on lines about an HTTP request.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** pino's level numbers. */
const ORDER: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50, silent: Infinity };
const HOST = hostname();

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function parseLogLevel(value: string | undefined): LogLevel {
  const v = (value ?? 'info').toLowerCase();
  return v in ORDER ? (v as LogLevel) : 'info';
}

export function createLogger(level: LogLevel, base: Record<string, unknown> = {}): Logger {
  const min = ORDER[level];
  const write = (lvl: Exclude<LogLevel, 'silent'>, event: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const head = { level: ORDER[lvl], time: Date.now(), pid: process.pid, hostname: HOST, service: 'media' };
    const line = `${JSON.stringify({ ...head, ...base, ...fields, msg: event }, errorReplacer)}\n`;
    // Deliberately not console.*: the test setup treats console.error as a failure, and a
    // server warning (a peer that went away) is not a test failure.
    (ORDER[lvl] >= ORDER.warn ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (e, f) => write('debug', e, f),
    info: (e, f) => write('info', e, f),
    warn: (e, f) => write('warn', e, f),
    error: (e, f) => write('error', e, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

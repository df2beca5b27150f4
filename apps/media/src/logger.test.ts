import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.ts';

const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const s of spies.splice(0)) s.mockRestore();
});

const capture = (stream: NodeJS.WriteStream) => {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(stream, 'write');
  spies.push(spy);
  spy.mockImplementation((chunk) => {
    lines.push(JSON.parse(String(chunk)));
    return true;
  });
  return lines;
};

describe('media logger', () => {
  it("writes the API server's (pino's) fields: numeric level, epoch-ms time, msg, reqId from a child", () => {
    const out = capture(process.stdout);
    const log = createLogger('info').child({ reqId: 'abc-1' });
    log.info('whip_started', { room: 'stream-x' });
    log.debug('not written below the level');
    expect(out).toHaveLength(1);
    const line = out[0]!;
    expect(line).toMatchObject({ level: 30, msg: 'whip_started', reqId: 'abc-1', room: 'stream-x' });
    expect(typeof line.time).toBe('number');
    expect(line.pid).toBe(process.pid);
    expect(line).not.toHaveProperty('event');
  });

  it('sends warnings and errors to stderr with pino level numbers', () => {
    const err = capture(process.stderr);
    const log = createLogger('warn');
    log.warn('w', { error: new Error('boom') });
    log.error('e');
    expect(err.map((l) => l.level)).toEqual([40, 50]);
    expect(err[0]!.error).toEqual({ name: 'Error', message: 'boom' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shutdownWithin } from '../src/http/graceful-shutdown.ts';

/** A stopped instance exits on its own, with its own code, even when closing hangs. */
const deps = (close: () => Promise<void>) => ({
  close,
  exit: vi.fn(),
  log: { info: vi.fn(), error: vi.fn() },
  limitMs: 1_000,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('graceful shutdown with a time limit', () => {
  it('exits 0 once everything is closed', async () => {
    const d = deps(async () => {});
    await shutdownWithin('SIGTERM', d);
    expect(d.exit).toHaveBeenCalledExactlyOnceWith(0);
    vi.advanceTimersByTime(5_000);
    expect(d.exit).toHaveBeenCalledTimes(1);
  });

  it('exits 1 with a logged reason when closing hangs past the limit', async () => {
    const d = deps(() => new Promise<void>(() => {}));
    void shutdownWithin('SIGTERM', d);
    await vi.advanceTimersByTimeAsync(999);
    expect(d.exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(d.exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(d.log.error).toHaveBeenCalledWith(
      { signal: 'SIGTERM', limitMs: 1_000 },
      'shutdown did not finish within 1000 ms: exiting',
    );
  });

  it('exits 1 when closing fails', async () => {
    const d = deps(async () => {
      throw new Error('pool gone');
    });
    await shutdownWithin('SIGINT', d);
    expect(d.exit).toHaveBeenCalledExactlyOnceWith(1);
  });
});

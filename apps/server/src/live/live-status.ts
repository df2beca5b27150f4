import { LIVE_STATUS_WAIT_MS, type TLiveStatus } from '@mintcast/contracts';
import type { StreamsService } from '../streams/streams.service.ts';

/** How often a mint with waiting clients is re-read, to see changes made by other server instances. */
const RECHECK_MS = 1_000;

interface Waiter {
  known: boolean;
  resolve: (status: TLiveStatus) => void;
}

/**
 * Long-poll for the live flag, so a viewer already on a stream page sees it go live (or offline) within
 * about a second instead of at the next 30 s poll. Changes made through this instance wake waiters at once;
 * one shared re-read per watched mint catches changes made by other instances.
 */
export const createLiveStatus = (deps: {
  streams: Pick<StreamsService, 'get' | 'onChange'>;
  waitMs?: number;
}) => {
  const waitMs = deps.waitMs ?? LIVE_STATUS_WAIT_MS;
  const waiters = new Map<string, Set<Waiter>>();
  const pollers = new Map<string, ReturnType<typeof setInterval>>();

  const read = async (mint: string): Promise<TLiveStatus> => {
    const s = await deps.streams.get(mint);
    return { live: s.is_currently_live, viewers: s.num_participants };
  };

  const settle = (mint: string, status: TLiveStatus) => {
    const set = waiters.get(mint);
    if (!set) return;
    for (const w of [...set]) if (w.known !== status.live) w.resolve(status);
  };

  const unsubscribe = deps.streams.onChange((s) =>
    settle(s.mint, { live: s.is_currently_live, viewers: s.num_participants }),
  );

  const watch = (mint: string) => {
    if (pollers.has(mint)) return;
    const timer = setInterval(() => {
      read(mint).then(
        (status) => settle(mint, status),
        () => undefined,
      );
    }, RECHECK_MS);
    timer.unref();
    pollers.set(mint, timer);
  };

  const drop = (mint: string, waiter: Waiter) => {
    const set = waiters.get(mint);
    set?.delete(waiter);
    if (set && set.size === 0) {
      waiters.delete(mint);
      clearInterval(pollers.get(mint));
      pollers.delete(mint);
    }
  };

  return {
    /** The status now if it differs from `known` (or `known` is absent), else the first change or the last read. */
    async wait(mint: string, known: boolean | undefined, closed: AbortSignal): Promise<TLiveStatus> {
      const now = await read(mint);
      if (known === undefined || now.live !== known || closed.aborted) return now;
      return new Promise<TLiveStatus>((resolve) => {
        let last = now;
        const waiter: Waiter = {
          known,
          resolve: (status) => {
            last = status;
            finish();
          },
        };
        const timer = setTimeout(() => finish(), waitMs);
        const finish = () => {
          clearTimeout(timer);
          closed.removeEventListener('abort', finish);
          drop(mint, waiter);
          resolve(last);
        };
        closed.addEventListener('abort', finish);
        const set = waiters.get(mint) ?? new Set<Waiter>();
        waiters.set(mint, set);
        set.add(waiter);
        watch(mint);
      });
    },

    close(): void {
      unsubscribe();
      for (const t of pollers.values()) clearInterval(t);
      pollers.clear();
      // Answer every pending request with what it already knows, so shutdown does not wait for timeouts.
      const pending = [...waiters.values()].flatMap((set) => [...set]);
      for (const w of pending) w.resolve({ live: w.known, viewers: 0 });
      waiters.clear();
    },
  };
};

export type LiveStatus = ReturnType<typeof createLiveStatus>;

/** Under Docker's and systemd's default stop timeouts (10 s and 90 s), so our own exit code is the one seen. */
export const SHUTDOWN_LIMIT_MS = 8_000;

export interface ShutdownDeps {
  /** Stop taking requests, close sockets (realtime clients get 1001), then the database. */
  close: () => Promise<void>;
  exit: (code: number) => void;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  limitMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/**
 * A graceful shutdown that cannot hang: a held socket or a stuck query must not keep a stopped instance alive
 * (an orchestrator would SIGKILL it without a word). Past the limit the process exits 1 and says why.
 */
export const shutdownWithin = async (signal: string, deps: ShutdownDeps): Promise<void> => {
  const limitMs = deps.limitMs ?? SHUTDOWN_LIMIT_MS;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms).unref());
  deps.log.info({ signal, limitMs }, 'shutting down');
  let done = false;
  setTimer(() => {
    if (done) return;
    done = true;
    deps.log.error({ signal, limitMs }, `shutdown did not finish within ${limitMs} ms: exiting`);
    deps.exit(1);
  }, limitMs);
  try {
    await deps.close();
  } catch (err) {
    if (done) return;
    done = true;
    deps.log.error({ signal, err }, 'shutdown failed');
    deps.exit(1);
    return;
  }
  if (done) return;
  done = true;
  deps.exit(0);
};

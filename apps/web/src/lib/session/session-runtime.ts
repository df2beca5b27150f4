import { createSessionManager } from './session-manager.ts';

const LOCK_NAME = 'mintcast-auth-refresh';

const withLock = <T>(fn: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request(LOCK_NAME, fn) as Promise<T>)
    : fn();

/** The app's one session manager (loaded on demand through `loadSessionManager` in session.ts). */
export const sessionManager = createSessionManager({
  storage: window.localStorage,
  fetch: (input, init) => window.fetch(input, init),
  withLock,
});
sessionManager.start();

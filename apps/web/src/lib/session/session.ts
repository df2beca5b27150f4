import { AUTH_STORAGE_KEY } from '@mintcast/contracts/constants';
import { setApiAuth } from '../api.ts';
import { createSessionManager } from './session-manager.ts';

const LOCK_NAME = 'mintcast-auth-refresh';

const withLock = <T>(fn: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request(LOCK_NAME, fn) as Promise<T>)
    : fn();

/** The app's one session manager, wired into apiFetch: every API call carries the access token. */
export const sessionManager = createSessionManager({
  storage: window.localStorage,
  fetch: (input, init) => window.fetch(input, init),
  withLock,
});

setApiAuth({
  token: () => sessionManager.getAccessToken(),
  refresh: async () => Boolean(await sessionManager.refreshSession()),
});

window.addEventListener('storage', (e) => {
  if (e.key === AUTH_STORAGE_KEY || e.key === null) sessionManager.syncFromStorage();
});
sessionManager.start();

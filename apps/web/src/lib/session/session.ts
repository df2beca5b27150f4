import { AUTH_STORAGE_KEY } from '@mintcast/contracts/constants';
import { setApiAuth } from '../api.ts';
import type { SessionManager } from './session-manager.ts';
import { isSession, type Session } from './session-types.ts';

/**
 * The entry-chunk face of the session: the stored session for first paint, and a loader for the full
 * manager (refresh, back-off, sign-out), which is fetched only when a session exists or a sign-in starts,
 * so visitors who never sign in do not download it with the initial JS.
 */
const readStored = (): Session | null => {
  try {
    const value = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    return isSession(value) ? value : null;
  } catch {
    return null;
  }
};

let snapshot = readStored();
let manager: SessionManager | null = null;
let loading: Promise<SessionManager> | null = null;
const listeners = new Set<() => void>();
const changed = (next: Session | null) => {
  snapshot = next;
  for (const l of [...listeners]) l();
};

/** Load (once) the session manager; its events keep the snapshot current from then on. */
export const loadSessionManager = (): Promise<SessionManager> => {
  loading ??= import('./session-runtime.ts').then(({ sessionManager }) => {
    manager = sessionManager;
    sessionManager.onAuthStateChange((_event, session) => changed(session));
    changed(sessionManager.getSession());
    return sessionManager;
  });
  return loading;
};

/** The current session (null when signed out). */
export const getSession = (): Session | null => snapshot;

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// API calls carry the access token; a 401 triggers one refresh and one retry (see api.ts).
setApiAuth({
  token: async () => (snapshot ? (await loadSessionManager()).getAccessToken() : null),
  refresh: async () => (snapshot ? Boolean(await (await loadSessionManager()).refreshSession()) : false),
});

window.addEventListener('storage', (e) => {
  if (e.key !== AUTH_STORAGE_KEY && e.key !== null) return;
  if (manager) manager.syncFromStorage();
  else changed(readStored());
});

// A stored session needs its refresh timer: load the manager after first paint.
if (snapshot) {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
  idle(() => void loadSessionManager());
}

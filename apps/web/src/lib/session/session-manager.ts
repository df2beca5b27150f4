import { AUTH_STORAGE_KEY, TOKEN_REFRESH_BACKOFF_MS } from '@mintcast/contracts/constants';
import {
  type AuthChangeEvent,
  type AuthChangeListener,
  isSession,
  type Session,
  type SignOutScope,
} from './session-types.ts';

/** Refresh this long before `expires_at` (spec: "not shown"; one minute of a 15-minute token). */
export const REFRESH_MARGIN_MS = 60_000;
/** Attempts per refresh: 200, 400, 800, 1600, 3200 ms between them (spec §9: 200 ms, doubling). */
export const MAX_REFRESH_ATTEMPTS = 6;
/** After retryable failures ran out, the session is kept and refreshed again after this pause. */
export const REFRESH_RETRY_LATER_MS = 30_000;

export interface SessionManagerDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch: typeof fetch;
  now?: () => number;
  /** Serialise refreshes across tabs (navigator.locks), so two tabs never present the same refresh token. */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
}

class RefreshError extends Error {
  constructor(
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The client's one session: stored under AUTH_STORAGE_KEY, refreshed shortly before expiry with back-off,
 * removed on a non-retryable failure, announced through typed events.
 */
export const createSessionManager = (deps: SessionManagerDeps) => {
  const now = deps.now ?? (() => Date.now());
  const withLock = deps.withLock ?? (<T>(fn: () => Promise<T>) => fn());
  const listeners = new Set<AuthChangeListener>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<Session | null> | null = null;

  const read = (): Session | null => {
    try {
      const value = JSON.parse(deps.storage.getItem(AUTH_STORAGE_KEY) ?? 'null');
      return isSession(value) ? value : null;
    } catch {
      return null;
    }
  };
  let current = read();

  const emit = (event: AuthChangeEvent) => {
    for (const l of [...listeners]) l(event, current);
  };

  const schedule = (delayMs?: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (!current) return;
    const due = delayMs ?? current.expires_at * 1000 - REFRESH_MARGIN_MS - now();
    timer = setTimeout(() => void manager.refreshSession().catch(() => {}), Math.max(0, due));
  };

  const store = (session: Session | null, event: AuthChangeEvent) => {
    current = session;
    if (session) deps.storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    else deps.storage.removeItem(AUTH_STORAGE_KEY);
    schedule();
    emit(event);
  };

  const requestRefresh = async (refreshToken: string): Promise<Session> => {
    let res: Response;
    try {
      res = await deps.fetch('/api/auth/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch {
      throw new RefreshError(true, 'Network error');
    }
    // 5xx, 429 and 408 may pass; any other 4xx means this refresh token will never work again.
    if (res.status >= 500 || res.status === 429 || res.status === 408)
      throw new RefreshError(true, `HTTP ${res.status}`);
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok || !isSession(body)) throw new RefreshError(res.ok, `HTTP ${res.status}`);
    return body;
  };

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const refreshWithBackoff = async (): Promise<Session | null> =>
    withLock(async () => {
      // Another tab may have refreshed while we waited for the lock: adopt its session.
      const stored = read();
      const before = current;
      if (!stored) {
        if (before) store(null, 'SIGNED_OUT');
        return null;
      }
      if (before && stored.refresh_token !== before.refresh_token) {
        store(stored, 'TOKEN_REFRESHED');
        return stored;
      }
      for (let attempt = 0; attempt < MAX_REFRESH_ATTEMPTS; attempt++) {
        if (attempt > 0) await sleep(TOKEN_REFRESH_BACKOFF_MS * 2 ** (attempt - 1));
        try {
          const next = await requestRefresh(stored.refresh_token);
          store(next, 'TOKEN_REFRESHED');
          return next;
        } catch (err) {
          if (err instanceof RefreshError && !err.retryable) {
            store(null, 'SIGNED_OUT');
            return null;
          }
        }
      }
      schedule(REFRESH_RETRY_LATER_MS);
      return current;
    });

  const manager = {
    getSession: (): Session | null => current,

    /** Store a session from sign-in. Both tokens are required (spec §8). */
    setSession(session: Session): void {
      if (!session?.access_token || !session.refresh_token)
        throw new Error('Setting a session requires both an access token and a refresh token');
      if (!isSession(session)) throw new Error('Invalid session');
      store(session, 'SIGNED_IN');
    },

    /** Subscribe; the listener gets INITIAL_SESSION right away (asynchronously), then every change. */
    onAuthStateChange(listener: AuthChangeListener): { unsubscribe(): void } {
      listeners.add(listener);
      queueMicrotask(() => listeners.has(listener) && listener('INITIAL_SESSION', current));
      return { unsubscribe: () => void listeners.delete(listener) };
    },

    /** Refresh now (single flight): retryable failures back off from 200 ms, doubling. */
    refreshSession(): Promise<Session | null> {
      inflight ??= refreshWithBackoff().finally(() => {
        inflight = null;
      });
      return inflight;
    },

    /** The access token for an API call, refreshed first when it is about to expire. */
    async getAccessToken(): Promise<string | null> {
      if (!current) return null;
      if (current.expires_at * 1000 - now() <= REFRESH_MARGIN_MS / 2) await manager.refreshSession();
      return current?.access_token ?? null;
    },

    /**
     * Sign out on the server with a scope; "others" keeps this session. The local session is removed even
     * when the server answers 401, 403 or 404 (spec §4) — or cannot be reached.
     */
    async signOut(opts: { scope?: SignOutScope } = {}): Promise<void> {
      const scope = opts.scope ?? 'global';
      const session = current;
      if (!session) return;
      try {
        await deps.fetch(`/api/auth/logout?scope=${scope}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.access_token}` },
        });
      } catch {
        // offline: the local session still goes (unless "others", which never touches it)
      }
      if (scope !== 'others') store(null, 'SIGNED_OUT');
    },

    /** Adopt a change made by another tab (the `storage` event). */
    syncFromStorage(): void {
      const next = read();
      if (next?.access_token === current?.access_token) return;
      const event: AuthChangeEvent = !next ? 'SIGNED_OUT' : current ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
      current = next;
      schedule();
      emit(event);
    },

    /** Start the refresh timer (called once at boot). */
    start(): void {
      schedule();
    },

    stop(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
  return manager;
};

export type SessionManager = ReturnType<typeof createSessionManager>;

import { AUTH_STORAGE_KEY, TOKEN_REFRESH_BACKOFF_MS } from '@mintcast/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionManager, REFRESH_MARGIN_MS } from './session-manager.ts';
import type { AuthChangeEvent, Session } from './session-types.ts';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';
let n = 0;
const session = (expiresInS = 900): Session => {
  n += 1;
  return {
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    expires_in: expiresInS,
    expires_at: Math.floor(Date.now() / 1000) + expiresInS,
    token_type: 'bearer',
    user: { id: ADDRESS, address: ADDRESS },
  };
};

const memoryStorage = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A scripted server: each call to the token endpoint takes the next reply; records call times. */
const server = (replies: (() => Response)[]) => {
  const calls: { url: string; at: number; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), at: Date.now(), init });
    const next = replies.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session manager', () => {
  it('requires both tokens to set a session, and stores it under one key', () => {
    const storage = memoryStorage();
    const m = createSessionManager({ storage, fetch: server([]).fetch });
    expect(() => m.setSession({ ...session(), refresh_token: '' })).toThrow(
      /both an access token and a refresh token/,
    );
    expect(() => m.setSession({ ...session(), access_token: '' })).toThrow(/both/);
    const s = session();
    m.setSession(s);
    expect([...storage.map.keys()]).toEqual([AUTH_STORAGE_KEY]);
    expect(JSON.parse(storage.map.get(AUTH_STORAGE_KEY) ?? '')).toEqual(s);
    m.stop();
  });

  it('emits INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED and SIGNED_OUT', async () => {
    const storage = memoryStorage();
    const refreshed = session();
    const { fetch } = server([() => json(200, refreshed), () => new Response(null, { status: 204 })]);
    const m = createSessionManager({ storage, fetch });
    const events: [AuthChangeEvent, string | null][] = [];
    m.onAuthStateChange((e, s) => events.push([e, s?.access_token ?? null]));
    await Promise.resolve();
    const first = session();
    m.setSession(first);
    await m.refreshSession();
    await m.signOut({ scope: 'local' });
    expect(events).toEqual([
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', first.access_token],
      ['TOKEN_REFRESHED', refreshed.access_token],
      ['SIGNED_OUT', null],
    ]);
    expect(storage.map.size).toBe(0);
  });

  it('refreshes shortly before expiry on its own', async () => {
    const storage = memoryStorage();
    const next = session();
    const srv = server([() => json(200, next)]);
    const m = createSessionManager({ storage, fetch: srv.fetch });
    const start = Date.now();
    m.setSession(session(900));
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_MARGIN_MS - 1);
    expect(srv.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(srv.calls).toHaveLength(1);
    expect(srv.calls[0]?.at).toBe(start + 900_000 - REFRESH_MARGIN_MS);
    expect(JSON.parse(srv.calls[0]?.init?.body as string)).toEqual({
      refresh_token: expect.stringMatching(/^refresh-/),
    });
    expect(m.getSession()?.access_token).toBe(next.access_token);
    m.stop();
  });

  it('retries a failed refresh with back-off from 200 ms, doubling', async () => {
    const storage = memoryStorage();
    const next = session();
    const srv = server([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(503, { error: { code: 'unavailable', message: 'down' } }),
      () => json(429, { error: { code: 'rate_limited', message: 'slow' } }),
      () => json(200, next),
    ]);
    const m = createSessionManager({ storage, fetch: srv.fetch });
    m.setSession(session());
    m.stop();
    const t0 = Date.now();
    const done = m.refreshSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(srv.calls.map((c) => c.at - t0)).toEqual([0]);
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_BACKOFF_MS - 1);
    expect(srv.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(srv.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(done).resolves.toMatchObject({ access_token: next.access_token });
    // 0, then +200, +400, +800: 200 ms doubling.
    expect(srv.calls.map((c) => c.at - t0)).toEqual([0, 200, 600, 1400]);
    m.stop();
  });

  it('removes the session on a non-retryable failure', async () => {
    const storage = memoryStorage();
    const srv = server([
      () => json(401, { error: { code: 'unauthorized', message: 'Refresh token already used' } }),
    ]);
    const m = createSessionManager({ storage, fetch: srv.fetch });
    const events: AuthChangeEvent[] = [];
    m.setSession(session());
    m.onAuthStateChange((e) => events.push(e));
    await expect(m.refreshSession()).resolves.toBeNull();
    expect(srv.calls).toHaveLength(1);
    expect(m.getSession()).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(events).toContain('SIGNED_OUT');
  });

  it('shares one refresh between concurrent callers', async () => {
    const storage = memoryStorage();
    const srv = server([() => json(200, session())]);
    const m = createSessionManager({ storage, fetch: srv.fetch });
    m.setSession(session());
    const [a, b] = await Promise.all([m.refreshSession(), m.refreshSession()]);
    expect(a).toBe(b);
    expect(srv.calls).toHaveLength(1);
    m.stop();
  });

  it('adopts a session another tab refreshed instead of presenting a used refresh token', async () => {
    const storage = memoryStorage();
    const srv = server([]);
    const m = createSessionManager({ storage, fetch: srv.fetch });
    m.setSession(session());
    const fromOtherTab = session();
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(fromOtherTab));
    await expect(m.refreshSession()).resolves.toEqual(fromOtherTab);
    expect(srv.calls).toHaveLength(0);
    m.stop();
  });

  it('clears the local session even when sign-out answers 401, 403 or 404, and keeps it for "others"', async () => {
    for (const status of [401, 403, 404]) {
      const srv = server([() => json(status, { error: { code: 'x', message: 'y' } })]);
      const m = createSessionManager({ storage: memoryStorage(), fetch: srv.fetch });
      m.setSession(session());
      await m.signOut({ scope: 'global' });
      expect(m.getSession(), String(status)).toBeNull();
      expect(srv.calls[0]?.url).toBe('/api/auth/logout?scope=global');
    }
    const srv = server([() => new Response(null, { status: 204 })]);
    const m = createSessionManager({ storage: memoryStorage(), fetch: srv.fetch });
    const s = session();
    m.setSession(s);
    await m.signOut({ scope: 'others' });
    expect(srv.calls[0]?.url).toBe('/api/auth/logout?scope=others');
    expect(m.getSession()).toEqual(s);
    m.stop();
  });

  it('refreshes before handing out an access token that is about to expire', async () => {
    const next = session();
    const srv = server([() => json(200, next)]);
    const m = createSessionManager({ storage: memoryStorage(), fetch: srv.fetch });
    m.setSession(session(20)); // expires in 20 s: inside the margin
    m.stop();
    await expect(m.getAccessToken()).resolves.toBe(next.access_token);
    m.stop();
  });
});

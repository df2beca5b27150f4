import { afterEach, describe, expect, it, vi } from 'vitest';

// The module keeps the last early token: each test runs at clock times after the previous test's.
import { EARLY_TOKEN_MAX_AGE_MS, startViewerToken, takeViewerToken } from './player-warm-up.ts';

const MINT = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

/** A stand-in for `POST /api/live/token`: answers token-1, token-2, … (or fails while `failing`). */
const tokenServer = () => {
  const state = { calls: 0, failing: false };
  const fetch = vi.fn(async () => {
    state.calls += 1;
    if (state.failing)
      return new Response(JSON.stringify({ error: { code: 'x', message: 'no' } }), { status: 502 });
    return new Response(JSON.stringify({ token: `token-${state.calls}`, url: 'ws://media' }), {
      status: 200,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return state;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the viewer token asked for early', () => {
  it('is asked for at once and handed to the first join, which makes no request of its own', async () => {
    const server = tokenServer();
    startViewerToken(MINT, 1_000);
    // The request may leave after a microtask or two (the API client reads the session first).
    await expect.poll(() => server.calls).toBe(1);
    startViewerToken(MINT, 1_100); // the route and main.tsx both ask: one request
    await expect(takeViewerToken(MINT, 2_000)).resolves.toEqual({ token: 'token-1', url: 'ws://media' });
    expect(server.calls).toBe(1);
  });

  it('is used once: the next join (a reconnect) gets a new token', async () => {
    const server = tokenServer();
    startViewerToken(MINT, 200_000);
    await takeViewerToken(MINT, 200_500);
    await expect(takeViewerToken(MINT, 200_600)).resolves.toMatchObject({ token: 'token-2' });
    expect(server.calls).toBe(2);
  });

  it('is not asked for again by a second warm-up after the join took it (the player mounted first)', async () => {
    const server = tokenServer();
    startViewerToken(MINT, 400_000);
    await takeViewerToken(MINT, 400_010);
    startViewerToken(MINT, 400_020);
    expect(server.calls).toBe(1);
  });

  it('is not used once stale, nor for another stream', async () => {
    const server = tokenServer();
    startViewerToken(MINT, 600_000);
    await expect(takeViewerToken(MINT, 600_000 + EARLY_TOKEN_MAX_AGE_MS)).resolves.toMatchObject({
      token: 'token-2',
    });
    startViewerToken(MINT, 700_000);
    await expect(takeViewerToken(OTHER, 700_001)).resolves.toMatchObject({ token: 'token-4' });
    expect(server.calls).toBe(4);
  });

  it('that failed is asked again by the join', async () => {
    const server = tokenServer();
    server.failing = true;
    startViewerToken(MINT, 900_000);
    await expect.poll(() => server.calls).toBe(1);
    server.failing = false;
    await expect(takeViewerToken(MINT, 900_001)).resolves.toMatchObject({ token: 'token-2' });
  });
});

import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { createDexScreenerClient } from '../src/tokens/dexscreener-client.ts';
import { createMarketGateway } from '../src/tokens/market-gateway.ts';
import { createUpstreamLimiter } from '../src/tokens/upstream-limiter.ts';
import { randomAddress } from './support/builders.ts';

let standin: MarketStandin;
beforeAll(async () => {
  standin = await startMarketStandin();
});
afterAll(() => standin?.close());
beforeEach(() => standin.reset());

/** A gateway on the stand-in with a hand-driven clock (TTL 15 s, SWR 60 s, stale kept 10 min). */
const setup = (opts: { timeoutMs?: number; limiter?: ReturnType<typeof createUpstreamLimiter> } = {}) => {
  let clock = 1_000_000;
  const limiter =
    opts.limiter ?? createUpstreamLimiter({ perMinute: 10_000, burst: 1_000, now: () => clock });
  const client = createDexScreenerClient({ baseUrl: standin.url, limiter, timeoutMs: opts.timeoutMs });
  const gateway = createMarketGateway({ client, now: () => clock });
  return {
    gateway,
    advance: (ms: number) => {
      clock += ms;
    },
  };
};
const token = (fixture = 'token-two-pairs') => {
  const a = randomAddress();
  standin.assign(a, fixture);
  return a;
};

describe('market gateway cache', () => {
  it('serves from cache within the 15 s TTL, then refreshes in the background (SWR)', async () => {
    const { gateway, advance } = setup();
    const a = token();
    const first = await gateway.get(a);
    advance(14_999);
    expect(await gateway.get(a)).toEqual(first);
    expect(standin.requestsFor(a)).toBe(1);

    advance(2);
    standin.assign(a, 'token-thin-pair'); // upstream figures change
    const swr = await gateway.get(a);
    expect(swr.priceUsd).toBe(first.priceUsd); // old value served at once…
    await expect.poll(() => standin.requestsFor(a)).toBe(2); // …while one call refreshes it
    await expect.poll(async () => (await gateway.get(a)).priceUsd).toBe(0);
    expect(standin.requestsFor(a)).toBe(2);
  });

  it('past the SWR window a request waits for fresh figures', async () => {
    const { gateway, advance } = setup();
    const a = token();
    await gateway.get(a);
    advance(61_000);
    standin.assign(a, 'token-thin-pair');
    expect((await gateway.get(a)).priceUsd).toBe(0);
    expect(standin.requestsFor(a)).toBe(2);
  });

  it('serves the cached value marked stale when the upstream fails, until it recovers', async () => {
    const { gateway, advance } = setup();
    const a = token();
    const fresh = await gateway.get(a);
    expect(fresh.stale).toBe(false);
    advance(5 * 60_000);
    for (const mode of ['500', '429', 'malformed'] as const) {
      standin.setMode(mode, a);
      const stale = await gateway.get(a);
      expect(stale).toMatchObject({ stale: true, priceUsd: fresh.priceUsd, fetchedAt: fresh.fetchedAt });
      advance(2_000); // past the failure hold, so the next get tries upstream again
    }
    standin.setMode('normal');
    advance(60_000); // also past the 429 back-off
    const back = await gateway.get(a);
    expect(back.stale).toBe(false);
    expect(back.fetchedAt).not.toBe(fresh.fetchedAt);
  });

  it('serves the same figures pre-serialized, and the serialized body turns stale with the value', async () => {
    const { gateway, advance } = setup();
    const a = token();
    const fresh = await gateway.get(a);
    expect(JSON.parse(await gateway.getJson(a))).toEqual(fresh);
    advance(5 * 60_000);
    standin.setMode('500', a);
    expect(JSON.parse(await gateway.getJson(a))).toMatchObject({ stale: true, priceUsd: fresh.priceUsd });
    standin.setMode('normal');
    advance(2_000);
    await expect.poll(async () => JSON.parse(await gateway.getJson(a)).stale).toBe(false);
  });

  it('does not serve a value older than 10 minutes: the error surfaces', async () => {
    const { gateway, advance } = setup();
    const a = token();
    await gateway.get(a);
    advance(11 * 60_000);
    standin.setMode('500', a);
    await expect(gateway.get(a)).rejects.toMatchObject({ status: 502, message: 'HTTP error 500' });
  });

  it('gives up on a hanging upstream after the timeout: 503', async () => {
    const { gateway } = setup({ timeoutMs: 300 });
    const a = token();
    standin.setMode('hang', a);
    // The stand-in never answers: only the gateway's own timeout can end this call (with 503).
    const err = await gateway.get(a).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, message: 'Unable to load market data' });
  });

  it('holds a failed token for a moment instead of calling again at once', async () => {
    const { gateway, advance } = setup();
    const a = token();
    standin.setMode('500', a);
    await expect(gateway.get(a)).rejects.toMatchObject({ status: 502 });
    await expect(gateway.get(a)).rejects.toMatchObject({ status: 502 });
    expect(standin.requestsFor(a)).toBe(1);
    advance(1_001);
    standin.setMode('normal');
    expect((await gateway.get(a)).symbol).toBe('XSTRM');
  });

  it('while serving stale, re-asks a failing upstream less and less often (1 s, 2 s, 4 s …)', async () => {
    const { gateway, advance } = setup();
    const a = token();
    await gateway.get(a);
    advance(5 * 60_000);
    standin.setMode('500', a);
    for (const [failures, holdMs] of [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
    ] as const) {
      expect((await gateway.get(a)).stale).toBe(true);
      expect(standin.requestsFor(a)).toBe(1 + failures);
      advance(holdMs - 1);
      expect((await gateway.get(a)).stale).toBe(true); // held: served without a call
      expect(standin.requestsFor(a)).toBe(1 + failures);
      advance(1);
    }
    standin.setMode('normal');
    expect((await gateway.get(a)).symbol).toBe('XSTRM');
  });

  it('batches many tokens into calls of at most 30 addresses and reuses fresh entries', async () => {
    const { gateway, advance } = setup();
    const addresses = Array.from({ length: 65 }, () => token());
    const lookups = await gateway.getMany(addresses);
    expect(standin.requests()).toBe(3);
    expect([...lookups.values()].every((l) => l.kind === 'ok')).toBe(true);
    expect(lookups.size).toBe(65);
    await gateway.getMany(addresses);
    expect(standin.requests()).toBe(3);
    advance(15_000);
    await gateway.getMany(addresses.slice(0, 31));
    expect(standin.requests()).toBe(5);
  });
});

describe('upstream limiter', () => {
  it('keeps any minute under the budget: burst, then the refill rate', () => {
    let clock = 0;
    const limiter = createUpstreamLimiter({ perMinute: 240, burst: 30, now: () => clock });
    let granted = 0;
    for (let ms = 0; ms < 60_000; ms += 10) {
      clock = ms;
      while (limiter.tryAcquire()) granted += 1;
    }
    expect(granted).toBeLessThanOrEqual(270);
    expect(granted).toBeGreaterThanOrEqual(260);
  });

  it('backs off on 429: 1 s, doubling, honouring Retry-After, reset by a success', () => {
    let clock = 0;
    const limiter = createUpstreamLimiter({ now: () => clock });
    expect(limiter.rateLimited()).toBe(1_000);
    expect(limiter.tryAcquire()).toBe(false);
    clock = 1_000;
    expect(limiter.tryAcquire()).toBe(true);
    expect(limiter.rateLimited()).toBe(2_000);
    expect(limiter.rateLimited(7)).toBe(7_000);
    limiter.succeeded();
    expect(limiter.rateLimited()).toBe(1_000);
  });
});

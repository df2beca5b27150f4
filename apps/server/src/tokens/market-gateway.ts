import { TOKEN_ERROR_CODES, TOKEN_MESSAGES, type TTokenData } from '@mintcast/contracts';
import { AppError } from '../http/errors.ts';
import { type DexScreenerClient, MAX_ADDRESSES_PER_CALL, UpstreamError } from './dexscreener-client.ts';
import { type TokenLookup, toTokenLookup } from './pair-mapping.ts';

export interface MarketGatewayOptions {
  client: DexScreenerClient;
  /** A value younger than this is served without asking upstream (≤ 15 s). */
  ttlMs?: number;
  /** Up to this age a value is served at once while one background call refreshes it. */
  swrMs?: number;
  /** Up to this age a value is served (marked stale) when the upstream fails. */
  maxStaleMs?: number;
  /**
   * After a failed call, further calls for that token wait this long. While a cached value can be served
   * instead, the wait doubles with each consecutive failure up to 30 s (an outage must not spend the shared
   * budget on retries); without one it stays short, so a user's Retry soon reaches the upstream again.
   */
  failureHoldMs?: number;
  maxEntries?: number;
  now?: () => number;
  log?: { warn: (obj: object, msg: string) => void };
  /** Told of every upstream call's outcome and of every lookup: answered from the cache or not (metrics). */
  observe?: { upstreamCall(ok: boolean): void; lookup(cacheHit: boolean): void };
  /** Told of the tokens each successful upstream call returned, with when (the replays' price record). */
  onFresh?: (data: readonly Omit<TTokenData, 'fetchedAt' | 'stale'>[], at: number) => void;
}

interface Entry {
  lookup: TokenLookup;
  fetchedAt: number;
  /** Set when a refresh failed after `fetchedAt`: the value is then served marked stale. */
  failedAt: number | null;
  /** Consecutive failed refreshes since the last success. */
  failures: number;
  /** The response body for this state, built on first use (the cache serves thousands of reads per value). */
  json?: string;
}

const MAX_HOLD_MS = 30_000;

/** Upstream failures as the API reports them (issue 3, spec §8). */
export const toAppError = (err: unknown): AppError => {
  if (err instanceof UpstreamError && err.kind === 'http') {
    return new AppError(502, TOKEN_ERROR_CODES.upstreamHttp, `${TOKEN_MESSAGES.httpError} ${err.status}`, {
      upstreamStatus: err.status,
    });
  }
  if (err instanceof UpstreamError && err.kind === 'malformed') {
    return new AppError(502, TOKEN_ERROR_CODES.unavailable, TOKEN_MESSAGES.unavailable);
  }
  return new AppError(503, TOKEN_ERROR_CODES.unavailable, TOKEN_MESSAGES.unavailable);
};

const present = (entry: Entry): TTokenData => {
  const { lookup } = entry;
  if (lookup.kind === 'not_found') {
    throw new AppError(404, TOKEN_ERROR_CODES.notFound, TOKEN_MESSAGES.notFound);
  }
  if (lookup.kind === 'not_on_bsc') {
    throw new AppError(404, TOKEN_ERROR_CODES.notOnBsc, TOKEN_MESSAGES.notOnBsc);
  }
  return {
    ...lookup.data,
    fetchedAt: new Date(entry.fetchedAt).toISOString(),
    stale: entry.failedAt !== null,
  };
};

const presentJson = (entry: Entry): string => {
  entry.json ??= JSON.stringify(present(entry));
  return entry.json;
};

/**
 * Market data for many viewers at the cost of one upstream call per token per TTL: a per-token cache
 * with stale-while-revalidate, concurrent misses coalesced onto one in-flight call, and batches of up to
 * 30 addresses per call when several tokens are wanted at once.
 */
export const createMarketGateway = (opts: MarketGatewayOptions) => {
  const ttl = opts.ttlMs ?? 15_000;
  const swr = opts.swrMs ?? 60_000;
  const maxStale = opts.maxStaleMs ?? 10 * 60_000;
  const hold = opts.failureHoldMs ?? 1_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const coldFailures = new Map<string, { error: unknown; at: number }>();
  const holdFor = (failures: number) => Math.min(MAX_HOLD_MS, hold * 2 ** Math.max(0, failures - 1));
  const inflight = new Map<string, Promise<void>>();

  const store = (address: string, entry: Entry) => {
    entries.delete(address); // re-insert: Map order doubles as least-recently-refreshed order
    entries.set(address, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  /** One upstream call for these addresses; every waiter of any of them shares it. */
  const refresh = (addresses: string[]): Promise<void> => {
    const call = opts.client.fetchTokens(addresses).then(
      (pairs) => {
        opts.observe?.upstreamCall(true);
        const at = now();
        const fresh: Omit<TTokenData, 'fetchedAt' | 'stale'>[] = [];
        for (const a of addresses) {
          const lookup = toTokenLookup(pairs.get(a) ?? null, a);
          if (lookup.kind === 'ok') fresh.push(lookup.data);
          store(a, { lookup, fetchedAt: at, failedAt: null, failures: 0 });
          coldFailures.delete(a);
        }
        if (fresh.length > 0) opts.onFresh?.(fresh, at);
      },
      (error: unknown) => {
        opts.observe?.upstreamCall(false);
        const at = now();
        for (const a of addresses) {
          const entry = entries.get(a);
          if (entry) {
            entry.failedAt = at;
            entry.failures += 1;
            entry.json = undefined;
          } else {
            coldFailures.set(a, { error, at });
          }
        }
        throw error;
      },
    );
    const done = call.finally(() => {
      for (const a of addresses) if (inflight.get(a) === done) inflight.delete(a);
    });
    for (const a of addresses) inflight.set(a, done);
    return done;
  };

  const recentlyFailed = (entry: Entry | undefined, t: number) =>
    entry?.failedAt != null && t - entry.failedAt < holdFor(entry.failures);

  const revalidateInBackground = (address: string) => {
    refresh([address]).catch((err: unknown) =>
      opts.log?.warn({ err, address }, 'market data refresh failed; serving the cached value'),
    );
  };

  /** The cache entry to answer with, after any upstream call it needs; throws the API's AppError. */
  const resolve = (address: string): Promise<Entry> => {
    const answer = cached(address);
    opts.observe?.lookup(answer !== undefined);
    return answer ? Promise.resolve(answer) : fetchOne(address);
  };

  /** The entry a lookup may answer with at once (fresh, revalidating, or stale within an outage), if any. */
  const cached = (address: string): Entry | undefined => {
    const t = now();
    const entry = entries.get(address);
    if (entry && t - entry.fetchedAt < ttl) return entry;
    if (entry && t - entry.fetchedAt < swr) {
      if (!inflight.has(address) && !recentlyFailed(entry, t)) revalidateInBackground(address);
      return entry;
    }
    if (entry && recentlyFailed(entry, t) && t - entry.fetchedAt < maxStale) return entry;
    return undefined;
  };

  const fetchOne = async (address: string): Promise<Entry> => {
    const t = now();
    const entry = entries.get(address);
    const cold = coldFailures.get(address);
    if (!entry && cold && t - cold.at < hold) throw toAppError(cold.error);
    try {
      await (inflight.get(address) ?? refresh([address]));
    } catch (err) {
      const kept = entries.get(address);
      if (kept && now() - kept.fetchedAt < maxStale) return kept;
      throw toAppError(err);
    }
    const fresh = entries.get(address);
    if (!fresh) throw toAppError(new UpstreamError('network'));
    return fresh;
  };

  return {
    /** TokenData for one (lower-case) address, or an AppError with the spec's status and text. */
    async get(address: string): Promise<TTokenData> {
      return present(await resolve(address));
    },

    /** The same as `get`, already serialized as the JSON body (built once per cached value). */
    async getJson(address: string): Promise<string> {
      return presentJson(await resolve(address));
    },

    /**
     * Current lookups for many addresses (background jobs): fresh cache hits are reused, the rest are
     * fetched in calls of up to 30 addresses. Addresses whose calls failed are left out.
     */
    async getMany(addresses: string[]): Promise<Map<string, TokenLookup>> {
      const wanted = [...new Set(addresses)];
      const t = now();
      const waits: Promise<unknown>[] = [];
      const toFetch: string[] = [];
      for (const a of wanted) {
        const entry = entries.get(a);
        const pending = inflight.get(a);
        if (pending) waits.push(pending);
        else if (!entry || t - entry.fetchedAt >= ttl) toFetch.push(a);
      }
      for (let i = 0; i < toFetch.length; i += MAX_ADDRESSES_PER_CALL) {
        waits.push(refresh(toFetch.slice(i, i + MAX_ADDRESSES_PER_CALL)));
      }
      const settled = await Promise.allSettled(waits);
      for (const s of settled) {
        if (s.status === 'rejected') opts.log?.warn({ err: s.reason }, 'market data batch failed');
      }
      const out = new Map<string, TokenLookup>();
      for (const a of wanted) {
        const entry = entries.get(a);
        if (entry && entry.failedAt === null) out.set(a, entry.lookup);
      }
      return out;
    },

    /** Number of cached tokens (for tests and diagnostics). */
    size: () => entries.size,
  };
};

export type MarketGateway = ReturnType<typeof createMarketGateway>;

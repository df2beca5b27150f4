import { HOLDER_CACHE_MS, HOLDER_LOOKUP_MAX } from '@mintcast/contracts';
import type { Address } from 'viem';
import type { ChainReader } from './chain-reader.ts';

/** How long a failed read is remembered as "no badge": a node that is down is not asked again per request. */
export const HOLDER_FAILURE_CACHE_MS = 30_000;
/** Most wallet–token answers kept; past it the oldest go first. */
export const HOLDER_CACHE_MAX = 20_000;

/**
 * The holder lookups' share of the RPC, the same whatever anonymous clients ask: a token bucket of `calls`
 * eth_calls, refilled at `perSecond`. Its own bucket: tips are verified through the same node and never wait
 * on this one.
 */
export interface HoldersRpcBudget {
  calls: number;
  perSecond: number;
}
export const HOLDERS_RPC_BUDGET_DEFAULT: HoldersRpcBudget = { calls: 30, perSecond: 1 };

/** A token bucket on an injected clock. */
const tokenBucket = (budget: HoldersRpcBudget, now: () => number) => {
  let tokens = budget.calls;
  let at = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(budget.calls, tokens + ((t - at) / 1000) * budget.perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
};

/**
 * Holder badges: does a wallet hold a token? Read on chain (balanceOf > 0), never taken from a client. What an
 * anonymous request can cost the RPC is bounded three ways (issue 28: 100 random addresses were ~132 eth_calls,
 * every time): answers are cached per wallet and token (HOLDER_CACHE_MS, failures too for
 * HOLDER_FAILURE_CACHE_MS), the wallets a request does not find in the cache are read in one multicall, and every
 * call spends from a global bucket — when it is empty, the uncached wallets simply get no badge this time.
 */
export const createHoldersService = (
  reader: Pick<ChainReader, 'tokenBalances'>,
  opts: { now?: () => number; ttlMs?: number; failureTtlMs?: number; budget?: HoldersRpcBudget } = {},
) => {
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs ?? HOLDER_CACHE_MS;
  const failureTtl = opts.failureTtlMs ?? HOLDER_FAILURE_CACHE_MS;
  const bucket = tokenBucket(opts.budget ?? HOLDERS_RPC_BUDGET_DEFAULT, now);
  /** key → answer (null: the read failed) and when it stops counting. */
  const cache = new Map<string, { holds: boolean | null; until: number }>();
  /** Reads under way, so concurrent requests for the same wallets share one call. */
  const pending = new Map<string, Promise<boolean | null>>();

  const remember = (key: string, holds: boolean | null) => {
    cache.delete(key); // re-inserted last: Map order is the eviction order
    cache.set(key, { holds, until: now() + (holds === null ? failureTtl : ttl) });
    if (cache.size > HOLDER_CACHE_MAX) {
      const t = now();
      for (const [k, v] of cache) if (v.until <= t) cache.delete(k);
      for (const k of cache.keys()) {
        if (cache.size <= HOLDER_CACHE_MAX) break;
        cache.delete(k);
      }
    }
  };

  /** One multicall for these wallets; every answer (a failure too) is remembered. */
  const readBatch = (token: string, wallets: string[]): Map<string, Promise<boolean | null>> => {
    const batch = reader.tokenBalances(token as Address, wallets as Address[]).then(
      (balances) => balances.map((b) => (b === null ? null : b > 0n)),
      () => wallets.map(() => null),
    );
    return new Map(
      wallets.map((w, i) => {
        const key = `${token}:${w}`;
        const answer = batch.then((answers) => {
          const holds = answers[i] ?? null;
          remember(key, holds);
          pending.delete(key);
          return holds;
        });
        pending.set(key, answer);
        return [w, answer];
      }),
    );
  };

  return {
    /** The subset of `wallets` (lower-case addresses, at most HOLDER_LOOKUP_MAX) holding `token`. */
    async holdersAmong(token: string, wallets: readonly string[]): Promise<string[]> {
      const asked = [...new Set(wallets)].slice(0, HOLDER_LOOKUP_MAX);
      const t = now();
      const answers = new Map<string, boolean | null | Promise<boolean | null>>();
      const unread: string[] = [];
      for (const w of asked) {
        const key = `${token}:${w}`;
        const hit = cache.get(key);
        if (hit && hit.until > t) answers.set(w, hit.holds);
        else if (pending.has(key)) answers.set(w, pending.get(key)!);
        else unread.push(w);
      }
      if (unread.length > 0 && bucket.take())
        for (const [w, answer] of readBatch(token, unread)) answers.set(w, answer);
      const resolved = await Promise.all(asked.map(async (w) => [w, await answers.get(w)] as const));
      return resolved.filter(([, holds]) => holds === true).map(([w]) => w);
    },
  };
};

export type HoldersService = ReturnType<typeof createHoldersService>;

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

/** How long a token's decimals and total supply are trusted (tiers set as a share of the supply use them). */
export const TOKEN_FACTS_CACHE_MS = 5 * 60_000;

/** A wallet's balance of a token as the holder features see it: null when it could not be read. */
export type Balance = bigint | null;

/**
 * Holder balances: how much of a token a wallet holds, read on chain (balanceOf), never taken from a client. Used by
 * the badges (anonymous lookups of a chat page's authors) and by the holder chat modes (a signed-in post). What an
 * anonymous request can cost the RPC is bounded three ways (issue 28: 100 random addresses were ~132 eth_calls,
 * every time): balances are cached per wallet and token (HOLDER_CACHE_MS, failures too for
 * HOLDER_FAILURE_CACHE_MS), the wallets a request does not find in the cache are read in one multicall, and every
 * such call spends from a global bucket — when it is empty, the uncached wallets simply get no badge this time.
 * A post's own balance (`balanceOf`) is read outside the bucket: the chat's per-wallet limits bound it already.
 * A trade reported from the stream page forgets the trader's balance (`forget`), so it is read again at once.
 */
export const createHoldersService = (
  reader: Pick<ChainReader, 'tokenBalances' | 'tokenFacts'>,
  opts: { now?: () => number; ttlMs?: number; failureTtlMs?: number; budget?: HoldersRpcBudget } = {},
) => {
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs ?? HOLDER_CACHE_MS;
  const failureTtl = opts.failureTtlMs ?? HOLDER_FAILURE_CACHE_MS;
  const bucket = tokenBucket(opts.budget ?? HOLDERS_RPC_BUDGET_DEFAULT, now);
  /** key → balance (null: the read failed) and when it stops counting. */
  const cache = new Map<string, { balance: Balance; until: number }>();
  /** Reads under way, so concurrent requests for the same wallets share one call. */
  const pending = new Map<string, Promise<Balance>>();
  /** Reads started before a `forget` must not put the old balance back. */
  const generation = new Map<string, number>();
  const facts = new Map<
    string,
    { value: Promise<{ decimals: number; totalSupply: bigint }>; until: number }
  >();

  const remember = (key: string, balance: Balance) => {
    cache.delete(key); // re-inserted last: Map order is the eviction order
    cache.set(key, { balance, until: now() + (balance === null ? failureTtl : ttl) });
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
  const readBatch = (token: string, wallets: string[]): Map<string, Promise<Balance>> => {
    const batch = reader.tokenBalances(token as Address, wallets as Address[]).then(
      (balances) => balances,
      () => wallets.map(() => null),
    );
    return new Map(
      wallets.map((w, i) => {
        const key = `${token}:${w}`;
        const gen = generation.get(key) ?? 0;
        const answer = batch.then((answers) => {
          const balance = answers[i] ?? null;
          if ((generation.get(key) ?? 0) === gen) {
            remember(key, balance);
            if (pending.get(key) === answer) pending.delete(key);
          }
          return balance;
        });
        pending.set(key, answer);
        return [w, answer];
      }),
    );
  };

  const cached = (key: string): Balance | Promise<Balance> | undefined => {
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.balance;
    return pending.get(key);
  };

  /** Balances of `wallets` (lower-case addresses, at most HOLDER_LOOKUP_MAX): undefined when not read this time. */
  const balancesAmong = async (token: string, wallets: readonly string[]): Promise<Map<string, Balance>> => {
    const asked = [...new Set(wallets)].slice(0, HOLDER_LOOKUP_MAX);
    const answers = new Map<string, Balance | Promise<Balance>>();
    const unread: string[] = [];
    for (const w of asked) {
      const hit = cached(`${token}:${w}`);
      if (hit === undefined) unread.push(w);
      else answers.set(w, hit);
    }
    if (unread.length > 0 && bucket.take())
      for (const [w, answer] of readBatch(token, unread)) answers.set(w, answer);
    const resolved = await Promise.all([...answers].map(async ([w, b]) => [w, await b] as const));
    return new Map(resolved);
  };

  return {
    balancesAmong,

    /** The subset of `wallets` (lower-case addresses, at most HOLDER_LOOKUP_MAX) holding `token`. */
    async holdersAmong(token: string, wallets: readonly string[]): Promise<string[]> {
      const balances = await balancesAmong(token, wallets);
      return [...balances].filter(([, b]) => b !== null && b > 0n).map(([w]) => w);
    },

    /** One wallet's balance for its own chat post: cached, else read now (outside the anonymous budget). */
    async balanceOf(token: string, wallet: string): Promise<Balance> {
      const key = `${token}:${wallet}`;
      const hit = cached(key);
      if (hit !== undefined) return hit;
      return readBatch(token, [wallet]).get(wallet)!;
    },

    /** Forget a wallet's balance (it traded): the next lookup reads it on chain. */
    forget(token: string, wallet: string): void {
      const key = `${token}:${wallet}`;
      cache.delete(key);
      pending.delete(key);
      generation.set(key, (generation.get(key) ?? 0) + 1);
      if (generation.size > HOLDER_CACHE_MAX) generation.clear();
    },

    /** The token's decimals and total supply, cached a few minutes; throws `chain_unavailable` when unread. */
    tokenFacts(token: string): Promise<{ decimals: number; totalSupply: bigint }> {
      const hit = facts.get(token);
      if (hit && hit.until > now()) return hit.value;
      const value = reader.tokenFacts(token as Address);
      facts.set(token, { value, until: now() + TOKEN_FACTS_CACHE_MS });
      value.catch(() => facts.delete(token));
      if (facts.size > 1_000) facts.delete(facts.keys().next().value!);
      return value;
    },
  };
};

export type HoldersService = ReturnType<typeof createHoldersService>;

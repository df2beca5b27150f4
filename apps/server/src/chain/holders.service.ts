import { HOLDER_CACHE_MS } from '@mintcast/contracts';
import type { Address } from 'viem';
import type { ChainReader } from './chain-reader.ts';

/**
 * Holder badges: does a wallet hold a token? Read on chain (balanceOf > 0), never taken from a client, and
 * remembered per wallet and token for HOLDER_CACHE_MS so a busy chat costs the RPC little. A failed read is
 * not remembered: that wallet simply gets no badge this time.
 */
export const createHoldersService = (
  reader: Pick<ChainReader, 'tokenBalance'>,
  opts: { now?: () => number; ttlMs?: number } = {},
) => {
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs ?? HOLDER_CACHE_MS;
  const cache = new Map<string, { holds: boolean; at: number }>();

  const prune = (t: number) => {
    for (const [key, v] of cache) if (t - v.at >= ttl) cache.delete(key);
  };

  const holds = async (token: string, wallet: string): Promise<boolean | null> => {
    const key = `${token}:${wallet}`;
    const t = now();
    const hit = cache.get(key);
    if (hit && t - hit.at < ttl) return hit.holds;
    try {
      const balance = await reader.tokenBalance(token as Address, wallet as Address);
      cache.set(key, { holds: balance > 0n, at: t });
      return balance > 0n;
    } catch {
      return null;
    }
  };

  return {
    /** The subset of `wallets` (lower-case addresses) holding `token`. */
    async holdersAmong(token: string, wallets: readonly string[]): Promise<string[]> {
      if (cache.size > 10_000) prune(now());
      const answers = await Promise.all(wallets.map((w) => holds(token, w)));
      return wallets.filter((_, i) => answers[i] === true);
    },
  };
};

export type HoldersService = ReturnType<typeof createHoldersService>;

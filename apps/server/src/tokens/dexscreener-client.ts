import { pairBaseAddress, type RawPair } from './pair-mapping.ts';
import type { UpstreamBudget } from './upstream-limiter.ts';

/** DexScreener's limit of addresses per `/latest/dex/tokens/` call. */
export const MAX_ADDRESSES_PER_CALL = 30;

/** Why a market-data call failed; mapped to 502/503 by the gateway. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'http' | 'network' | 'timeout' | 'malformed' | 'limited',
    readonly status?: number,
  ) {
    super(kind === 'http' ? `market data HTTP ${status}` : `market data ${kind}`);
    this.name = 'UpstreamError';
  }
}

export interface DexScreenerClientOptions {
  baseUrl: string;
  limiter: UpstreamBudget;
  /** Whole call, headers and body (default 5 s). */
  timeoutMs?: number;
}

const retryAfterSeconds = (header: string | null): number | undefined => {
  if (!header) return undefined;
  const n = Number(header);
  if (Number.isFinite(n)) return n;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
};

/** One HTTP call to `GET /latest/dex/tokens/{a,b,…}`, under the shared limiter and a timeout. */
export const createDexScreenerClient = (opts: DexScreenerClientOptions) => {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const base = opts.baseUrl.replace(/\/+$/, '');

  return {
    /** Pairs of each requested (lower-case) address; `null` when the upstream knows none. */
    async fetchTokens(addresses: string[]): Promise<Map<string, RawPair[] | null>> {
      if (addresses.length === 0 || addresses.length > MAX_ADDRESSES_PER_CALL) {
        throw new RangeError(`1 to ${MAX_ADDRESSES_PER_CALL} addresses per call`);
      }
      if (!(await opts.limiter.tryAcquire())) throw new UpstreamError('limited');
      let body: unknown;
      try {
        const res = await fetch(`${base}/latest/dex/tokens/${addresses.join(',')}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status === 429) {
          await opts.limiter.rateLimited(retryAfterSeconds(res.headers.get('retry-after')));
          await res.body?.cancel();
          throw new UpstreamError('http', 429);
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new UpstreamError('http', res.status);
        }
        const text = await res.text();
        await opts.limiter.succeeded();
        try {
          body = JSON.parse(text);
        } catch {
          throw new UpstreamError('malformed');
        }
      } catch (err) {
        if (err instanceof UpstreamError) throw err;
        const name = (err as Error)?.name;
        throw new UpstreamError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
      }
      const pairs = (body as { pairs?: unknown })?.pairs;
      if (body === null || typeof body !== 'object' || (pairs !== null && !Array.isArray(pairs))) {
        throw new UpstreamError('malformed');
      }
      const result = new Map<string, RawPair[] | null>(addresses.map((a) => [a, null]));
      for (const pair of (pairs ?? []) as unknown[]) {
        if (!pair || typeof pair !== 'object') continue;
        const owner = pairBaseAddress(pair as RawPair);
        const list = result.get(owner);
        if (list === undefined) continue; // a pair of another token (ours as quote): not ours to show
        if (list === null) result.set(owner, [pair as RawPair]);
        else list.push(pair as RawPair);
      }
      return result;
    },
  };
};

export type DexScreenerClient = ReturnType<typeof createDexScreenerClient>;

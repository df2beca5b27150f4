import { TOKEN_POLL_MS, type TTokenData, ZTokenData } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

/** Query keys of the token market-data resource. */
export const tokenKeys = {
  all: ['token'] as const,
  detail: (address: string) => [...tokenKeys.all, address.toLowerCase()] as const,
};

export const tokenPath = (address: string): string => `/api/tokens/${encodeURIComponent(address.trim())}`;

/** Market data through the server's gateway (viewers never call the market-data service themselves). */
export const fetchTokenData = (address: string, init: { signal?: AbortSignal } = {}): Promise<TTokenData> =>
  apiFetch(tokenPath(address), ZTokenData, init);

/**
 * Market data of one token, re-fetched every 30 s (spec §9: token data and trading data polling). The
 * token info card and the trading data card share this one query, so a viewer costs one request per poll.
 */
export const useTokenQuery = (address: string | undefined) =>
  useQuery({
    queryKey: tokenKeys.detail(address ?? ''),
    queryFn: ({ signal }) => fetchTokenData(address ?? '', { signal }),
    enabled: Boolean(address),
    refetchInterval: TOKEN_POLL_MS,
    staleTime: TOKEN_POLL_MS / 2,
  });

import { useQuery } from '@tanstack/react-query';
import type { Address, PublicClient } from 'viem';
import { type ChainSettings, routerAbi } from './chain-client.ts';
import { priceImpactPercent } from './dex-math.ts';
import type { Pool } from './use-pool.ts';

export type Side = 'buy' | 'sell';

export const swapPath = (side: Side, settings: ChainSettings, token: Address): Address[] =>
  side === 'buy' ? [settings.wbnb as Address, token] : [token, settings.wbnb as Address];

/** The router's live quote (`getAmountsOut`) for an amount in, with the price impact on the pool. */
export const useQuoteQuery = (
  client: PublicClient,
  settings: ChainSettings,
  token: Address,
  pool: Pool | null | undefined,
  side: Side,
  amountIn: bigint | null,
) =>
  useQuery({
    queryKey: ['chain', 'quote', token.toLowerCase(), side, amountIn?.toString()],
    enabled: !!pool && !!amountIn && amountIn > 0n,
    queryFn: async () => {
      const amounts = await client.readContract({
        address: settings.router as Address,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [amountIn as bigint, swapPath(side, settings, token)],
      });
      const out = amounts[amounts.length - 1] ?? 0n;
      const p = pool as Pool;
      const [rIn, rOut] = side === 'buy' ? [p.reserveBnb, p.reserveToken] : [p.reserveToken, p.reserveBnb];
      return { amountOut: out, impact: priceImpactPercent(amountIn as bigint, out, rIn, rOut) };
    },
    refetchInterval: 10_000,
    placeholderData: (prev) => prev,
  });

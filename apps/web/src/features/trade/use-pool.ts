import { useQuery } from '@tanstack/react-query';
import { type Address, erc20Abi, type PublicClient, zeroAddress } from 'viem';
import type { ChainSettings } from './chain-client.ts';
import { factoryAbi, pairAbi } from './chain-client.ts';

export interface Pool {
  pair: Address;
  /** Reserves as seen from the swap direction BNB → token. */
  reserveBnb: bigint;
  reserveToken: bigint;
  decimals: number;
  symbol: string;
}

/** The token's PancakeSwap V2 pair with WBNB (null: there is none) and its reserves, refreshed every 15 s. */
export const usePoolQuery = (client: PublicClient, settings: ChainSettings, token: Address) =>
  useQuery({
    queryKey: ['chain', 'pool', settings.factory, token.toLowerCase()],
    queryFn: async (): Promise<Pool | null> => {
      const wbnb = settings.wbnb as Address;
      const pair = await client.readContract({
        address: settings.factory as Address,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [wbnb, token],
      });
      if (pair === zeroAddress) return null;
      const [[r0, r1], token0, decimals, symbol] = await Promise.all([
        client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
        client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
        client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
        client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      ]);
      const bnbFirst = token0.toLowerCase() === wbnb.toLowerCase();
      return {
        pair,
        reserveBnb: bnbFirst ? r0 : r1,
        reserveToken: bnbFirst ? r1 : r0,
        decimals,
        symbol,
      };
    },
    refetchInterval: 15_000,
  });

/** The wallet's BNB and token balances and its allowance to the router. */
export const useBalancesQuery = (
  client: PublicClient,
  settings: ChainSettings,
  token: Address,
  wallet: Address | null,
) =>
  useQuery({
    queryKey: ['chain', 'balances', token.toLowerCase(), wallet?.toLowerCase()],
    enabled: !!wallet,
    queryFn: async () => {
      const owner = wallet as Address;
      const [bnb, tokens, allowance] = await Promise.all([
        client.getBalance({ address: owner }),
        client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
        client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, settings.router as Address],
        }),
      ]);
      return { bnb, tokens, allowance };
    },
    refetchInterval: 15_000,
  });

/**
 * The wallet's BNB alone (the tip panel): shares nothing with the token's contract, so a stream whose token has
 * no contract on this chain still knows what the wallet can tip.
 */
export const useBnbBalanceQuery = (client: PublicClient, wallet: Address | null) =>
  useQuery({
    queryKey: ['chain', 'bnb-balance', wallet?.toLowerCase()],
    enabled: !!wallet,
    queryFn: () => client.getBalance({ address: wallet as Address }),
    refetchInterval: 15_000,
  });

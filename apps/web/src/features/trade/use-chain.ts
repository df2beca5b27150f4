import { BSC_CHAIN_ID } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import type { PublicClient } from 'viem';
import { usePublicConfigQuery } from '../../queries/config.ts';
import { type ChainSettings, chainClient } from './chain-client.ts';

export type ChainAccess =
  | { status: 'loading' }
  | { status: 'unavailable'; reason: string; retry(): void }
  | { status: 'ready'; client: PublicClient; settings: ChainSettings };

/**
 * Can the panels use the chain? Asks the configured RPC for its chain id (every 60 s): unreachable, or not
 * BNB Smart Chain, the panels say "Trading unavailable" with the reason and the rest of the page is unaffected.
 */
export const useChain = (): ChainAccess => {
  const config = usePublicConfigQuery();
  const settings = config.data?.chain;
  const probe = useQuery({
    queryKey: ['chain', 'probe', settings?.rpcUrl],
    queryFn: () => chainClient(settings?.rpcUrl ?? '').getChainId(),
    enabled: !!settings,
    refetchInterval: 60_000,
    retry: 1,
  });
  if (config.isError) {
    return {
      status: 'unavailable',
      reason: 'The site settings could not be loaded',
      retry: () => config.refetch(),
    };
  }
  if (!settings || probe.isPending) return { status: 'loading' };
  if (probe.isError) {
    return {
      status: 'unavailable',
      reason: 'The BNB Smart Chain RPC cannot be reached',
      retry: () => void probe.refetch(),
    };
  }
  if (probe.data !== BSC_CHAIN_ID) {
    return {
      status: 'unavailable',
      reason: `The configured RPC is not BNB Smart Chain (chain id ${probe.data})`,
      retry: () => void probe.refetch(),
    };
  }
  return { status: 'ready', client: chainClient(settings.rpcUrl), settings };
};

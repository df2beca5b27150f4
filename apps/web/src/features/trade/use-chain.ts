import { BSC_CHAIN_ID } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      reason: t('trade.reasons.settings'),
      retry: () => config.refetch(),
    };
  }
  if (!settings || probe.isPending) return { status: 'loading' };
  if (probe.isError) {
    return {
      status: 'unavailable',
      reason: t('trade.reasons.rpc'),
      retry: () => void probe.refetch(),
    };
  }
  if (probe.data !== BSC_CHAIN_ID) {
    return {
      status: 'unavailable',
      reason: t('trade.reasons.wrongChain', { id: probe.data }),
      retry: () => void probe.refetch(),
    };
  }
  return { status: 'ready', client: chainClient(settings.rpcUrl), settings };
};

import { ZPublicConfig } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

export const configKeys = { all: ['config'] as const };

/** The site's public runtime settings (chain RPC and contracts, media URL); fixed for a page's life. */
export const usePublicConfigQuery = () =>
  useQuery({
    queryKey: configKeys.all,
    queryFn: () => apiFetch('/api/config', ZPublicConfig),
    staleTime: Number.POSITIVE_INFINITY,
  });

import { STREAM_POLL_MS, ZFavorites } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

export const favoritesKeys = {
  all: ['favorites'] as const,
  list: (address: string) => [...favoritesKeys.all, address] as const,
};

/** Streams the signed-in wallet liked or follows, live first; refreshed like every stream list (30 s). */
export const useFavoritesQuery = (address: string | null) =>
  useQuery({
    queryKey: favoritesKeys.list(address ?? ''),
    queryFn: ({ signal }) => apiFetch('/api/favorites', ZFavorites, { signal }),
    enabled: !!address,
    refetchInterval: STREAM_POLL_MS,
  });

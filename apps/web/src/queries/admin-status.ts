import { ZAdminStatus } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';
import { useSession } from '../lib/session/use-session.ts';

// The admin status is asked by every page's sidebar; the admin screen's own queries (admin.ts) and the
// moderation schemas they parse load with that screen, not at start-up (decision 017).

/** Query keys of the admin screen; every action invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  status: (address: string | null) => ['admin', 'status', address] as const,
  reports: (status: 'open' | 'all') => ['admin', 'reports', status] as const,
  bans: () => ['admin', 'bans'] as const,
  audit: () => ['admin', 'audit'] as const,
};

export const useAdminStatusQuery = () => {
  const address = useSession()?.user.address ?? null;
  return useQuery({
    queryKey: adminKeys.status(address),
    queryFn: ({ signal }) => apiFetch('/api/admin/status', ZAdminStatus, { signal }),
    enabled: Boolean(address),
    staleTime: 5 * 60_000,
  });
};

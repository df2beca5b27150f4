import { ZAuditLog, ZNoContent, ZPlatformBanList, ZReportList } from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';
import { adminKeys } from './admin-status.ts';

const noStore = { refetchInterval: 30_000 } as const;

export const useReportsQuery = (status: 'open' | 'all', enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ signal }) => apiFetch(`/api/admin/reports?status=${status}`, ZReportList, { signal }),
    enabled,
    ...noStore,
  });

export const useBansQuery = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.bans(),
    queryFn: ({ signal }) => apiFetch('/api/admin/bans', ZPlatformBanList, { signal }),
    enabled,
    ...noStore,
  });

export const useAuditQuery = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ signal }) => apiFetch('/api/admin/audit', ZAuditLog, { signal }),
    enabled,
    ...noStore,
  });

/** One admin action: `POST path { reason, ...extra }`. */
export interface AdminAction {
  path: string;
  extra?: Record<string, unknown>;
}

export const useAdminActionMutation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, extra, reason }: AdminAction & { reason: string }) =>
      apiFetch(path, ZNoContent, { method: 'POST', ...jsonBody({ ...extra, reason }) }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.all });
      void client.invalidateQueries({ queryKey: ['streams'] });
    },
  });
};

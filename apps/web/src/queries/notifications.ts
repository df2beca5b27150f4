import { ZNotificationList } from '@mintcast/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

export const notificationKeys = {
  list: (address: string) => ['notifications', address.toLowerCase()] as const,
};

/** The signed-in wallet's recent notifications (the bell's page), newest first; re-read on each visit. */
export const useNotificationsQuery = (address: string | null) =>
  useQuery({
    queryKey: notificationKeys.list(address ?? ''),
    queryFn: ({ signal }) => apiFetch('/api/notifications', ZNotificationList, { signal }),
    enabled: Boolean(address),
    staleTime: 0,
  });

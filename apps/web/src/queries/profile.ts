import { type TProfile, type TProfileUpdate, ZProfile } from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** Keys of the signed-in wallet's profile; keyed by address so a wallet switch never shows stale data. */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (address: string) => [...profileKeys.all, address] as const,
};

/** `GET /api/profile` of the signed-in wallet (disabled while signed out). */
export const useProfileQuery = (address: string | null) =>
  useQuery({
    queryKey: profileKeys.detail(address ?? ''),
    queryFn: ({ signal }) => apiFetch('/api/profile', ZProfile, { signal }),
    enabled: !!address,
  });

/** `PUT /api/profile`: username (unique, 3–20 of a-z0-9_) and avatar URL (http(s)). */
export const useProfileMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (update: TProfileUpdate) =>
      apiFetch('/api/profile', ZProfile, { method: 'PUT', ...jsonBody(update) }),
    onSuccess: (profile: TProfile) => {
      qc.setQueryData(profileKeys.detail(profile.address), profile);
      // Stream cards and chat show creator names: let them re-read.
      void qc.invalidateQueries({ queryKey: ['streams'] });
    },
  });
};

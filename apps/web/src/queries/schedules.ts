import {
  type TScheduleBody,
  type TStreamSchedule,
  ZScheduleList,
  ZStreamSchedule,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** Upcoming lists are asked again this often: a broadcast scheduled or started shows within a minute. */
export const SCHEDULE_POLL_MS = 60_000;

/** Scheduled broadcasts (issue 35 item 3): a stream's next one, upcoming ones, scheduling and reminders. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  /** Keyed by the wallet too: `reminded` is the signed-in wallet's. */
  forStream: (mint: string, viewer: string | null) =>
    [...scheduleKeys.all, 'stream', mint.toLowerCase(), viewer ?? ''] as const,
  upcoming: (creator?: string) => [...scheduleKeys.all, 'upcoming', creator?.toLowerCase() ?? ''] as const,
};

const path = (mint: string) => `/api/streams/${encodeURIComponent(mint)}/schedule`;

export const useStreamScheduleQuery = (mint: string, viewer: string | null) =>
  useQuery({
    queryKey: scheduleKeys.forStream(mint, viewer),
    queryFn: ({ signal }) => apiFetch(path(mint), ZStreamSchedule, { signal }),
    refetchInterval: SCHEDULE_POLL_MS,
  });

/** Home's "Upcoming" row (site-wide) or a creator's page (`creator`). */
export const useUpcomingQuery = (creator?: string) =>
  useQuery({
    queryKey: scheduleKeys.upcoming(creator),
    queryFn: ({ signal }) =>
      apiFetch(`/api/schedules${creator ? `?creator=${encodeURIComponent(creator)}` : ''}`, ZScheduleList, {
        signal,
      }),
    refetchInterval: SCHEDULE_POLL_MS,
  });

type Change =
  | { kind: 'schedule'; body: TScheduleBody }
  | { kind: 'cancel' }
  | { kind: 'remind'; on: boolean };

/** Schedule or cancel (the creator), ask or stop asking to be reminded (anyone signed in). */
export const useScheduleMutation = (mint: string, viewer: string | null) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Change) =>
      c.kind === 'schedule'
        ? apiFetch(path(mint), ZStreamSchedule, { method: 'PUT', ...jsonBody(c.body) })
        : c.kind === 'cancel'
          ? apiFetch(path(mint), ZStreamSchedule, { method: 'DELETE' })
          : apiFetch(`${path(mint)}/reminder`, ZStreamSchedule, { method: c.on ? 'PUT' : 'DELETE' }),
    onSuccess: (answer: TStreamSchedule) => {
      qc.setQueryData(scheduleKeys.forStream(mint, viewer), answer);
      void qc.invalidateQueries({ queryKey: [...scheduleKeys.all, 'upcoming'] });
    },
  });
};

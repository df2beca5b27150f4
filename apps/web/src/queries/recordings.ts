import {
  ZNoContent,
  ZRecording,
  ZRecordingList,
  ZRecordingSettings,
  ZReplayChat,
  ZReplayPrices,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** Recordings of past broadcasts (issue 30): a stream's list, one replay, and a replay's chat. */
export const recordingKeys = {
  all: ['recordings'] as const,
  forStream: (mint: string) => [...recordingKeys.all, 'stream', mint] as const,
  one: (id: string) => [...recordingKeys.all, 'one', id] as const,
  chat: (id: string) => [...recordingKeys.all, 'chat', id] as const,
  prices: (id: string) => [...recordingKeys.all, 'prices', id] as const,
  settings: (mint: string) => [...recordingKeys.all, 'settings', mint] as const,
};

/**
 * A stream's past broadcasts, newest first. `untilReady`: asked again every 2 s while the newest is still being
 * finished (the recap right after End Stream waits for its replay).
 */
export const useStreamRecordingsQuery = (mint: string | undefined, opts: { untilReady?: boolean } = {}) =>
  useQuery({
    queryKey: recordingKeys.forStream(mint ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint ?? '')}/recordings`, ZRecordingList, { signal }),
    enabled: Boolean(mint),
    refetchInterval: (query) =>
      opts.untilReady && query.state.data?.items[0]?.status === 'recording' ? 2_000 : false,
  });

export const useRecordingQuery = (id: string | undefined) =>
  useQuery({
    queryKey: recordingKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/recordings/${encodeURIComponent(id ?? '')}`, ZRecording, { signal }),
    enabled: Boolean(id),
    retry: false,
  });

/** A replay's chat: fetched once, then shown by the playhead. */
/** The token's price over a replay (points at their moment in the video). */
export const useReplayPricesQuery = (id: string | undefined) =>
  useQuery({
    queryKey: recordingKeys.prices(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/recordings/${encodeURIComponent(id ?? '')}/prices`, ZReplayPrices, { signal }),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReplayChatQuery = (id: string | undefined) =>
  useQuery({
    queryKey: recordingKeys.chat(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/recordings/${encodeURIComponent(id ?? '')}/chat`, ZReplayChat, { signal }),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The creator's switch: record this stream's broadcasts (on by default). */
export const useRecordingSettingsQuery = (mint: string) =>
  useQuery({
    queryKey: recordingKeys.settings(mint),
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint)}/recording-settings`, ZRecordingSettings, { signal }),
  });

/** Sets the creator's switch (the wizard's, before going live). */
export const saveRecordingSetting = (mint: string, enabled: boolean) =>
  apiFetch(`/api/streams/${encodeURIComponent(mint)}/recording-settings`, ZRecordingSettings, {
    method: 'PUT',
    ...jsonBody({ enabled }),
  });

/**
 * The switch's current value where the signed-in wallet already owns this token's stream; `undefined` for a
 * stream that does not exist yet or is another wallet's (the wizard then proposes recording).
 */
export const useOwnRecordingSettingQuery = (mint: string | undefined) =>
  useQuery({
    queryKey: recordingKeys.settings(mint ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint ?? '')}/recording-settings`, ZRecordingSettings, {
        signal,
      }),
    enabled: Boolean(mint),
    retry: false,
  });

export const useRecordingSettingsMutation = (mint: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => saveRecordingSetting(mint, enabled),
    onSuccess: (settings) => qc.setQueryData(recordingKeys.settings(mint), settings),
  });
};

/** The creator (or an admin) deletes a replay for everyone; the stream's list is read again. */
export const useDeleteRecordingMutation = (id: string, mint: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/recordings/${encodeURIComponent(id)}`, ZNoContent, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingKeys.forStream(mint) }),
  });
};

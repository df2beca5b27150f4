import {
  type TCreateClipBody,
  type TCreateReplayClipBody,
  ZClip,
  ZClipList,
  ZClipSettings,
  ZNoContent,
} from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** Clips (issue 30): a stream's clips, one clip, and making one. */
export const clipKeys = {
  all: ['clips'] as const,
  forStream: (mint: string) => [...clipKeys.all, 'stream', mint.toLowerCase()] as const,
  one: (id: string) => [...clipKeys.all, 'one', id] as const,
  settings: (mint: string) => [...clipKeys.all, 'settings', mint.toLowerCase()] as const,
};

/** A stream's clips, newest first, and whether this server can make clips at all. */
export const useStreamClipsQuery = (mint: string, opts: { refetchInterval?: number } = {}) =>
  useQuery({
    queryKey: clipKeys.forStream(mint),
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint)}/clips`, ZClipList, { signal }),
    ...opts,
  });

export const useClipQuery = (id: string | undefined) =>
  useQuery({
    queryKey: clipKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiFetch(`/api/clips/${encodeURIComponent(id ?? '')}`, ZClip, { signal }),
    enabled: Boolean(id),
    retry: false,
  });

/** Cut the last seconds of a live stream; the new clip goes into the stream's list. */
export const useCreateClipMutation = (mint: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateClipBody) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint)}/clips`, ZClip, {
        method: 'POST',
        ...jsonBody(body),
      }),
    onSuccess: (clip) => {
      qc.setQueryData(clipKeys.one(clip.id), clip);
      void qc.invalidateQueries({ queryKey: clipKeys.forStream(mint) });
    },
  });
};

/** A clip of a replay: the seconds before its playhead. */
export const useCreateReplayClipMutation = (mint: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ recordingId, body }: { recordingId: string; body: TCreateReplayClipBody }) =>
      apiFetch(`/api/recordings/${encodeURIComponent(recordingId)}/clips`, ZClip, {
        method: 'POST',
        ...jsonBody(body),
      }),
    onSuccess: (clip) => {
      qc.setQueryData(clipKeys.one(clip.id), clip);
      void qc.invalidateQueries({ queryKey: clipKeys.forStream(mint) });
    },
  });
};

/** The creator's switch: viewers may clip this stream (on by default). */
export const useClipSettingsQuery = (mint: string) =>
  useQuery({
    queryKey: clipKeys.settings(mint),
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint)}/clip-settings`, ZClipSettings, { signal }),
  });

export const useClipSettingsMutation = (mint: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint)}/clip-settings`, ZClipSettings, {
        method: 'PUT',
        ...jsonBody({ enabled }),
      }),
    onSuccess: (settings) => qc.setQueryData(clipKeys.settings(mint), settings),
  });
};

/** Removes a clip for everyone (its author, the stream's staff, administrators). */
export const useRemoveClipMutation = (mint: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/clips/${encodeURIComponent(id)}`, ZNoContent, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: clipKeys.one(id) });
      void qc.invalidateQueries({ queryKey: clipKeys.forStream(mint) });
    },
  });
};

import { type TCreateClipBody, ZClip, ZClipList } from '@mintcast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../lib/api.ts';

/** Clips (issue 30): a stream's clips, one clip, and making one. */
export const clipKeys = {
  all: ['clips'] as const,
  forStream: (mint: string) => [...clipKeys.all, 'stream', mint.toLowerCase()] as const,
  one: (id: string) => [...clipKeys.all, 'one', id] as const,
};

/** A stream's clips, newest first, and whether this server can make clips at all. */
export const useStreamClipsQuery = (mint: string) =>
  useQuery({
    queryKey: clipKeys.forStream(mint),
    queryFn: ({ signal }) =>
      apiFetch(`/api/streams/${encodeURIComponent(mint)}/clips`, ZClipList, { signal }),
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

import { z } from 'zod';
import { ZUuid } from './recordings.ts';
import { ZText } from './text.ts';

/**
 * Clips (issue 30): a signed-in viewer cuts the last seconds of a live stream's recording into a short MP4
 * (H.264 + AAC, the format that plays inline where people share links) with its own page at `/clip/{id}`.
 */

export const CLIP_MIN_SECONDS = 10;
export const CLIP_MAX_SECONDS = 60;
export const CLIP_DEFAULT_SECONDS = 30;
export const CLIP_TITLE_MAX = 100;
/** Clips one wallet may make per hour, and one stream may get per hour (all viewers together). */
export const CLIPS_PER_VIEWER_PER_HOUR = 10;
export const CLIPS_PER_STREAM_PER_HOUR = 60;

export const ZCreateClipBody = z.object({
  seconds: z.number().int().min(CLIP_MIN_SECONDS).max(CLIP_MAX_SECONDS).default(CLIP_DEFAULT_SECONDS),
  title: ZText({ kind: 'line', min: 1, max: CLIP_TITLE_MAX }),
});
export type TCreateClipBody = z.input<typeof ZCreateClipBody>;

/** The longest replay a clip can point into (ms): a day, well past any broadcast a recording keeps. */
export const CLIP_REPLAY_MAX_END_MS = 24 * 60 * 60 * 1000;
/** A clip of a replay: the `seconds` that end at `endMs`, the replay's playhead (ms from its start). */
export const ZCreateReplayClipBody = ZCreateClipBody.extend({
  endMs: z.number().int().min(1000).max(CLIP_REPLAY_MAX_END_MS),
});
export type TCreateReplayClipBody = z.input<typeof ZCreateReplayClipBody>;

export const ZClip = z.object({
  id: z.string().uuid(),
  mint: z.string(),
  title: z.string(),
  /** Who clipped it. */
  createdBy: z.string(),
  createdAt: z.string(),
  durationMs: z.number().int().min(0),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  /** The MP4 (HTTP Range, same origin) and its poster frame (JPEG). */
  videoUrl: z.string(),
  posterUrl: z.string(),
});
export type TClip = z.infer<typeof ZClip>;

/** A stream's clips, newest first, and whether clips can be made on this server at all (ffmpeg present). */
export const ZClipList = z.object({ items: z.array(ZClip), available: z.boolean() });
export type TClipList = z.infer<typeof ZClipList>;
/** The creator's switch: viewers may clip this stream (the default) or not. */
export const ZClipSettings = z.object({ enabled: z.boolean() });
export type TClipSettings = z.infer<typeof ZClipSettings>;
export const ZClipIdParams = z.object({ id: ZUuid });

export const clipPath = (id: string): string => `/clip/${id}`;
export const clipVideoPath = (id: string): string => `/api/clips/${id}/video`;
export const clipPosterPath = (id: string): string => `/api/clips/${id}/poster`;

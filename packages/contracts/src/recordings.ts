import { z } from 'zod';
import { ZChatMessage } from './chat.ts';
import { format } from './text.ts';

/**
 * Recordings of live broadcasts (issue 30): the media server records each broadcast unless its creator turned
 * recording off, and every finished recording is a replay at `/replay/{id}`.
 */

/** A recording's life: being written, playable, or nothing usable came of it. */
export const ZRecordingStatus = z.enum(['recording', 'ready', 'failed']);
export type TRecordingStatus = z.infer<typeof ZRecordingStatus>;

/** One past (or current) broadcast's recording. */
export const ZRecording = z.object({
  id: z.string().uuid(),
  mint: z.string(),
  status: ZRecordingStatus,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** How long it plays (ms); null while recording. */
  durationMs: z.number().int().min(0).nullable(),
  sizeBytes: z.number().int().min(0).nullable(),
  /** Where the video is served (HTTP Range, same origin); null until it is playable. */
  videoUrl: z.string().nullable(),
});
export type TRecording = z.infer<typeof ZRecording>;

/** A stream's past broadcasts, newest first (playable ones; its creator also sees one being recorded). */
export const ZRecordingList = z.object({ items: z.array(ZRecording) });
export type TRecordingList = z.infer<typeof ZRecordingList>;

/** A server-made id (recordings, clips): a UUID, nothing else. */
export const ZUuid = format('uuid', z.string().uuid('Invalid id'));
export const ZRecordingIdParams = z.object({ id: ZUuid });

/** The creator's switch: record this stream's broadcasts (the default) or not. */
export const ZRecordingSettings = z.object({ enabled: z.boolean() });
export type TRecordingSettings = z.infer<typeof ZRecordingSettings>;

/** A chat message as a replay shows it: at its moment in the video. */
export const ZReplayChatMessage = ZChatMessage.extend({ offsetMs: z.number().int().min(0) });
export type TReplayChatMessage = z.infer<typeof ZReplayChatMessage>;
/** A replay's chat, oldest first (at most `REPLAY_CHAT_LIMIT` messages). */
export const ZReplayChat = z.object({ items: z.array(ZReplayChatMessage) });
export type TReplayChat = z.infer<typeof ZReplayChat>;
export const REPLAY_CHAT_LIMIT = 5_000;

/** One point of the token's price during a broadcast, at its moment in the video (ms; 0 = before the start). */
export const ZReplayPricePoint = z.object({
  offsetMs: z.number().int().min(0),
  priceUsd: z.number(),
  marketCap: z.number(),
});
export type TReplayPricePoint = z.infer<typeof ZReplayPricePoint>;
/** The token's price over a replay, oldest first (empty when no price was recorded while it was live). */
export const ZReplayPrices = z.object({ items: z.array(ZReplayPricePoint) });
export type TReplayPrices = z.infer<typeof ZReplayPrices>;

/** The path a replay page lives at. */
export const replayPath = (id: string): string => `/replay/${id}`;
export const recordingVideoPath = (id: string): string => `/api/recordings/${id}/video`;

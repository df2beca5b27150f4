import { z } from 'zod';
import { canonicalAddress, isTokenAddress } from './address.ts';
import { format, ZText } from './text.ts';

export * from './live-messages.ts';

/** Participant role carried in the LiveKit token metadata; the player finds the host by it (spec §2). */
export const LIVE_HOST_ROLE = 'host';
export const LIVE_VIEWER_ROLE = 'viewer';
export const ZParticipantMetadata = z.object({ role: z.enum([LIVE_HOST_ROLE, LIVE_VIEWER_ROLE]) });
export type TParticipantMetadata = z.infer<typeof ZParticipantMetadata>;

/** Role from a participant's metadata JSON; anything unparsable is not the host. */
export const participantRole = (metadata: string | undefined | null): TParticipantMetadata['role'] | null => {
  if (!metadata) return null;
  try {
    const parsed = ZParticipantMetadata.safeParse(JSON.parse(metadata));
    return parsed.success ? parsed.data.role : null;
  } catch {
    return null;
  }
};

const ROOM_PREFIX = 'stream-';

/** The mint of a `stream-{mint}` room name (canonical case), or null when the name is not one of ours. */
export const mintFromRoomName = (roomName: string): string | null => {
  if (!roomName.startsWith(ROOM_PREFIX)) return null;
  const mint = roomName.slice(ROOM_PREFIX.length);
  return isTokenAddress(mint) ? canonicalAddress(mint) : null;
};

/** A room name of the form `stream-{mint}`, canonicalised to the lower-case mint. */
export const ZRoomName = format(
  'room-name',
  z
    .string()
    .trim()
    .max(64)
    .refine((v) => mintFromRoomName(v) !== null, 'roomName must be "stream-" followed by a token address'),
).transform((v) => `${ROOM_PREFIX}${mintFromRoomName(v)}`);

/** Body of `POST /api/live/token` (spec §7). */
export const ZLiveTokenRequest = z.object({
  roomName: ZRoomName,
  participantName: ZText({ kind: 'name', min: 1, max: 64 }),
  isHost: z.boolean(),
});
export type TLiveTokenRequest = z.input<typeof ZLiveTokenRequest>;

export const ZLiveTokenResponse = z.object({ token: z.string().min(1), url: z.string().min(1) });
export type TLiveTokenResponse = z.infer<typeof ZLiveTokenResponse>;

/** Body of `POST /api/live/rooms` (spec §7). */
export const ZCreateRoomRequest = z.object({ roomName: ZRoomName });
export type TCreateRoomRequest = z.input<typeof ZCreateRoomRequest>;

export const ZCreateRoomResponse = z.object({ name: z.string() });
export type TCreateRoomResponse = z.infer<typeof ZCreateRoomResponse>;

/** Answer of the thumbnail upload: the new card picture URL (cache-busted). */
export const ZThumbnailResponse = z.object({ thumbnail: z.string() });
export type TThumbnailResponse = z.infer<typeof ZThumbnailResponse>;

/** User-facing failures of the two backend functions (spec §8). */
export const LIVE_TOKEN_FAILED = 'Failed to generate token';
export const LIVE_ROOM_FAILED = 'Failed to create room';

/** Thumbnails: a JPEG or WebP frame, at most this many bytes, captured about once a minute. */
export const THUMBNAIL_MAX_BYTES = 300 * 1024;
export const THUMBNAIL_CONTENT_TYPES = ['image/jpeg', 'image/webp'] as const;
export const THUMBNAIL_CAPTURE_MS = 60_000;
/** First capture shortly after going live, so cards show a picture without waiting a minute. */
export const THUMBNAIL_FIRST_CAPTURE_MS = 3_000;

/** Viewer tokens only need to last until the join; the media server refreshes them while connected. */
export const VIEWER_TOKEN_TTL_S = 10 * 60;
export const HOST_TOKEN_TTL_S = 60 * 60;
/** Default time the host may be gone before the stream is marked offline. */
export const HOST_GRACE_DEFAULT_MS = 15_000;
/** Default period of the server's check of live flags and counts against the media server's rooms. */
export const LIVE_RECONCILE_DEFAULT_MS = 10_000;

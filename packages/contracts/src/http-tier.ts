import { z } from 'zod';
import { ZAddress } from './address.ts';
import { ZLiveTokenResponse } from './live.ts';
import { format } from './text.ts';

/**
 * The HTTP delivery tier (issue 33, decision 026): a live stream as HLS on the site's own origin,
 * `/hls/{mint}/index.m3u8` and the segments it names, `<run>-<n>.ts`.
 */
export const HLS_SEGMENT_NAME = /^[a-z0-9]{1,32}-[0-9]{1,9}\.ts$/;
export const ZHlsSegmentParams = z.object({
  mint: ZAddress,
  segment: format('hls-segment', z.string().regex(HLS_SEGMENT_NAME, 'Not a segment name')),
});

/** A viewer sent to the HTTP tier by `POST /api/live/token`: WebRTC is full (`MEDIA_MAX_VIEWERS_PER_STREAM`). */
export const ZHttpTierPlace = z.object({ tier: z.literal('http'), playlistUrl: z.string().min(1) });
export type THttpTierPlace = z.infer<typeof ZHttpTierPlace>;

/** `POST /api/live/token` for a viewer: a WebRTC token, or the HTTP tier's playlist when WebRTC is full. */
export const ZViewerPlace = z.union([ZLiveTokenResponse, ZHttpTierPlace]);
export type TViewerPlace = z.infer<typeof ZViewerPlace>;

/** `GET /api/live/http-tier`: whether this server packages live streams as HLS, and why not. */
export const ZHttpTierStatus = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type THttpTierStatus = z.infer<typeof ZHttpTierStatus>;

/** How often a viewer on the HTTP tier asks again for a WebRTC place (ms). */
export const HTTP_TIER_RECHECK_MS = 10_000;

import {
  LIVE_ROOM_FAILED,
  LIVE_TOKEN_FAILED,
  type THttpTierStatus,
  type TLiveTokenRequest,
  type TLiveTokenResponse,
  type TStreamUpsert,
  type TViewerPlace,
  ZCreateRoomResponse,
  ZHttpTierStatus,
  ZLiveTokenResponse,
  ZRaidResult,
  ZStream,
  ZThumbnailResponse,
  ZViewerPlace,
} from '@mintcast/contracts';
import { apiFetch, jsonBody } from '../lib/api.ts';
import { queryClient } from '../lib/query-client.ts';
import { streamKeys } from './streams.ts';

// The live resource: media tokens, rooms, thumbnails, and the broadcaster's stream writes (upsert, live
// flag). None of these are cached queries: tokens are single-use and the writes invalidate the streams.

/** A failure of one of the two backend functions, with the spec's user-facing text (spec §8). */
export class LiveCallError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'LiveCallError';
  }
}

const post = (body: unknown): RequestInit => ({ method: 'POST', ...jsonBody(body) });

/** `POST /api/live/token`; any non-OK answer is "Failed to generate token". */
export const fetchLiveToken = async (req: TLiveTokenRequest): Promise<TLiveTokenResponse> => {
  try {
    return await apiFetch('/api/live/token', ZLiveTokenResponse, post(req));
  } catch (err) {
    throw new LiveCallError(LIVE_TOKEN_FAILED, err);
  }
};

/**
 * `POST /api/live/token` for a viewer: a WebRTC token, or the HTTP tier's playlist when the stream's WebRTC
 * audience is full (issue 33); any non-OK answer is "Failed to generate token".
 */
export const fetchViewerPlace = async (roomName: string): Promise<TViewerPlace> => {
  try {
    return await apiFetch(
      '/api/live/token',
      ZViewerPlace,
      post({ roomName, participantName: 'viewer', isHost: false }),
    );
  } catch (err) {
    throw new LiveCallError(LIVE_TOKEN_FAILED, err);
  }
};

/** `GET /api/live/http-tier`: whether this server packages live streams as HLS (ffmpeg present, embedded media). */
export const fetchHttpTierStatus = (): Promise<THttpTierStatus> =>
  apiFetch('/api/live/http-tier', ZHttpTierStatus);

/** `POST /api/live/rooms`; any non-OK answer is "Failed to create room". */
export const createLiveRoom = async (roomName: string): Promise<{ name: string }> => {
  try {
    return await apiFetch('/api/live/rooms', ZCreateRoomResponse, post({ roomName }));
  } catch (err) {
    throw new LiveCallError(LIVE_ROOM_FAILED, err);
  }
};

const invalidateStreams = () => queryClient.invalidateQueries({ queryKey: streamKeys.all });

/** Upsert the stream as the signed-in creator (spec §7). */
export const upsertStream = async (input: TStreamUpsert) => {
  const stream = await apiFetch('/api/streams', ZStream, post(input));
  void invalidateStreams();
  return stream;
};

/** Set the live flag (creator only). */
export const setStreamLive = async (mint: string, live: boolean) => {
  const stream = await apiFetch(`/api/streams/${encodeURIComponent(mint)}/live`, ZStream, post({ live }));
  void invalidateStreams();
  return stream;
};

/** End the broadcast by sending its audience to another live stream (creator only, issue 35 item 4). */
export const raidStream = async (mint: string, to: string) => {
  const result = await apiFetch(`/api/streams/${encodeURIComponent(mint)}/raid`, ZRaidResult, post({ to }));
  void invalidateStreams();
  return result;
};

/** Upload a captured frame as the stream's card picture (creator only, JPEG/WebP, size-capped). */
export const uploadThumbnail = (mint: string, image: Blob) =>
  apiFetch(`/api/live/thumbnails/${encodeURIComponent(mint)}`, ZThumbnailResponse, {
    method: 'PUT',
    body: image,
    headers: { 'content-type': image.type || 'image/jpeg' },
  });

import { VIDEO_DEFAULTS } from '@mintcast/contracts';
import type { RoomConnectOptions, RoomOptions } from 'livekit-client';

/**
 * The client's video defaults (spec §9). Reconnection keeps livekit-client's default policy (its
 * DefaultReconnectPolicy is the spec's 0/300/1200/2700/4800 ms then 7 s schedule), so none is set here.
 */
export const roomOptions = (): RoomOptions => ({
  // Our own visibility rule (3 s debounce) decides when the viewer's video is paused, not adaptiveStream.
  adaptiveStream: false,
  // The media server (apps/media or LiveKit) switches off simulcast layers no viewer can use, sparing the
  // broadcaster's CPU and upload (apps/media keeps the lowest layer on).
  dynacast: true,
  publishDefaults: { videoCodec: VIDEO_DEFAULTS.codec, simulcast: VIDEO_DEFAULTS.simulcast },
  disconnectOnPageLeave: true,
  // apps/media serves the v0 signal path only; skipping the /rtc/v1 probe saves a failed round trip per join.
  singlePeerConnection: false,
});

export const connectOptions = (): RoomConnectOptions => ({
  autoSubscribe: true,
  peerConnectionTimeout: VIDEO_DEFAULTS.connectionTimeoutMs,
  websocketTimeout: VIDEO_DEFAULTS.websocketTimeoutMs,
  maxRetries: VIDEO_DEFAULTS.joinRetries,
});

/** Publishing a track must finish within the publication timeout (spec §9), or it counts as failed. */
export const withPublicationTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} timed out after ${VIDEO_DEFAULTS.publicationTimeoutMs} ms`)),
      VIDEO_DEFAULTS.publicationTimeoutMs,
    );
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });

import { type LocalTrack, LocalVideoTrack } from 'livekit-client';
import { type HealthSource, healthFrom, type SenderSample, type THealth } from './health.ts';

/** livekit-client samples its own sender stats every 2 s; reading at the same pace costs nothing more. */
export const HEALTH_INTERVAL_MS = 2_000;

/** Frames per second the capture hands the encoder: the sender's `media-source` report. */
const sourceFpsOf = async (track: LocalVideoTrack): Promise<number | undefined> => {
  const report = await track.sender?.getStats().catch(() => undefined);
  let fps: number | undefined;
  report?.forEach((s: { type?: string; framesPerSecond?: unknown }) => {
    if (s.type === 'media-source' && typeof s.framesPerSecond === 'number') fps = s.framesPerSecond;
  });
  return fps;
};

const samplesOf = async (track: LocalTrack): Promise<SenderSample[]> => {
  if (track instanceof LocalVideoTrack) {
    const [layers, sourceFps] = await Promise.all([track.getSenderStats(), sourceFpsOf(track)]);
    return layers.map((s) => ({
      id: `${track.sid ?? track.mediaStreamTrack.id}:${s.rid || s.streamId || ''}`,
      bytesSent: s.bytesSent ?? 0,
      packetsSent: s.packetsSent ?? 0,
      packetsLost: s.packetsLost ?? 0,
      timestamp: s.timestamp,
      width: s.frameWidth,
      height: s.frameHeight,
      fps: s.framesPerSecond,
      ...(s.qualityLimitationReason ? { qualityLimitationReason: s.qualityLimitationReason } : {}),
      ...(typeof s.targetBitrate === 'number' ? { targetBitrate: s.targetBitrate } : {}),
      ...(sourceFps !== undefined ? { sourceFps } : {}),
    }));
  }
  const audio = await (
    track as { getSenderStats?: () => Promise<SenderSample | undefined> }
  ).getSenderStats?.();
  if (!audio) return [];
  const a = audio as unknown as {
    bytesSent?: number;
    packetsSent?: number;
    packetsLost?: number;
    timestamp: number;
  };
  return [
    {
      id: `${track.sid ?? track.mediaStreamTrack.id}:audio`,
      bytesSent: a.bytesSent ?? 0,
      packetsSent: a.packetsSent ?? 0,
      packetsLost: a.packetsLost ?? 0,
      timestamp: a.timestamp,
    },
  ];
};

/**
 * Health of what this browser publishes, from the peer connection's getStats through livekit-client's
 * sender stats (every simulcast layer and the microphone), read every HEALTH_INTERVAL_MS while subscribed.
 */
export const createSenderHealthSource = (tracks: () => LocalTrack[]): HealthSource => {
  const listeners = new Set<() => void>();
  let snapshot: THealth | null = null;
  let previous: SenderSample[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  const read = async () => {
    const current = (await Promise.all(tracks().map((t) => samplesOf(t).catch(() => [])))).flat();
    const next = healthFrom(previous, current);
    previous = current;
    if (!next) return;
    snapshot = next;
    for (const l of [...listeners]) l();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        void read();
        timer = setInterval(() => void read(), HEALTH_INTERVAL_MS);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
          previous = [];
        }
      };
    },
  };
};

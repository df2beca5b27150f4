import { ParticipantPermission, TrackSource } from '@livekit/protocol';
import type { VideoGrant } from 'livekit-server-sdk';

const SOURCES: Record<string, TrackSource> = {
  camera: TrackSource.CAMERA,
  microphone: TrackSource.MICROPHONE,
  screen_share: TrackSource.SCREEN_SHARE,
  screen_share_audio: TrackSource.SCREEN_SHARE_AUDIO,
};

/** Token sources arrive as strings ("camera"); the SDK's own types use the enum. */
export function toTrackSource(value: unknown): TrackSource {
  if (typeof value === 'number') return value as TrackSource;
  return SOURCES[String(value).toLowerCase()] ?? TrackSource.UNKNOWN;
}

/** Go LiveKit's defaults: publish/subscribe allowed, publishData follows canPublish. */
export function permissionFromGrant(v: VideoGrant): ParticipantPermission {
  const canPublish = v.canPublish ?? true;
  return new ParticipantPermission({
    canSubscribe: v.canSubscribe ?? true,
    canPublish,
    canPublishData: v.canPublishData ?? canPublish,
    canPublishSources: (v.canPublishSources ?? []).map(toTrackSource),
    hidden: v.hidden ?? false,
    recorder: v.recorder ?? false,
    canUpdateMetadata: v.canUpdateOwnMetadata ?? false,
    agent: v.agent ?? false,
  });
}

/** Server-side twin of the client's own check before publishing. */
export function canPublishSource(p: ParticipantPermission, source: TrackSource): boolean {
  if (!p.canPublish) return false;
  return p.canPublishSources.length === 0 || p.canPublishSources.includes(source);
}

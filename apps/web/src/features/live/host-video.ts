import { LIVE_HOST_ROLE, participantRole } from '@mintcast/contracts';

/** The shapes this module reads from livekit-client participants and publications (structural). */
export interface PublicationLike {
  source: string;
  kind: string;
  isMuted: boolean;
  trackSid: string;
}
export interface ParticipantLike<P extends PublicationLike = PublicationLike> {
  identity: string;
  metadata?: string | undefined;
  trackPublications: Map<string, P>;
}

/** The host: the participant whose metadata has role host (spec §2). */
export const findHost = <T extends ParticipantLike>(participants: Iterable<T>): T | undefined => {
  for (const p of participants) if (participantRole(p.metadata) === LIVE_HOST_ROLE) return p;
  return undefined;
};

/** The host's video to show: screen share preferred over camera (spec §2); muted tracks do not count. */
export const pickHostVideo = <P extends PublicationLike>(
  host: ParticipantLike<P> | undefined,
): P | undefined => {
  if (!host) return undefined;
  const videos = [...host.trackPublications.values()].filter((p) => p.kind === 'video' && !p.isMuted);
  return videos.find((p) => p.source === 'screen_share') ?? videos.find((p) => p.source === 'camera');
};

/** The host's microphone, if published. */
export const pickHostAudio = <P extends PublicationLike>(
  host: ParticipantLike<P> | undefined,
): P | undefined =>
  host
    ? [...host.trackPublications.values()].find((p) => p.kind === 'audio' && p.source === 'microphone')
    : undefined;

/**
 * Viewers shown on a player: the room's server-reported participant count minus the host, never below
 * the viewers this client can see itself (the count arrives throttled).
 */
export const viewerCount = (opts: {
  numParticipants: number;
  hostPresent: boolean;
  visibleViewers: number;
}) => Math.max(opts.numParticipants - (opts.hostPresent ? 1 : 0), opts.visibleViewers, 0);

import { TrackSource } from '@livekit/protocol';
import { AccessToken, type VideoGrant } from 'livekit-server-sdk';
import type { Participant } from '../room/participant.ts';

/** At least this long, or as long as the original token had left. */
const MIN_TTL_SEC = 10 * 60;

/**
 * A new token with the participant's current grants, so a long-lived viewer can still
 * reconnect after the token it joined with expired (the client keeps the latest one).
 */
export async function makeRefreshToken(
  p: Participant,
  room: string,
  secret: string,
  originalExp: number | undefined,
): Promise<string> {
  const left = originalExp ? originalExp - Math.floor(Date.now() / 1000) : 0;
  const at = new AccessToken(p.apiKey, secret, {
    identity: p.identity,
    name: p.name,
    metadata: p.metadata,
    attributes: p.attributes,
    ttl: Math.max(MIN_TTL_SEC, left),
  });
  const perm = p.permission;
  const video: VideoGrant = {
    room,
    roomJoin: true,
    canPublish: perm.canPublish,
    canSubscribe: perm.canSubscribe,
    canPublishData: perm.canPublishData,
    canUpdateOwnMetadata: perm.canUpdateMetadata,
    hidden: perm.hidden,
    recorder: perm.recorder,
  };
  if (perm.canPublishSources.length > 0)
    video.canPublishSources = perm.canPublishSources.filter((s) => s !== TrackSource.UNKNOWN);
  at.addGrant(video);
  return at.toJwt();
}

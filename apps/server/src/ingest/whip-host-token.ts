import { HOST_TOKEN_TTL_S, roomNameForMint, whipHostMetadata } from '@mintcast/contracts';
import { TrackSource } from 'livekit-server-sdk';
import type { MediaGateway } from '../live/media-gateway.ts';

/**
 * The access token an ingest publishes with: the creator's identity in the stream's room, camera and
 * microphone only, marked as a WHIP host so the live flag follows the ingest (decision 020).
 */
export const mintWhipHostToken = (
  gateway: Pick<MediaGateway, 'mintToken'>,
  mint: string,
  creator: string,
): Promise<string> =>
  gateway.mintToken({
    identity: creator,
    name: creator,
    metadata: whipHostMetadata(),
    ttlSeconds: HOST_TOKEN_TTL_S,
    grant: {
      room: roomNameForMint(mint),
      roomJoin: true,
      canPublish: true,
      canSubscribe: false,
      canPublishData: false,
      canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE],
    },
  });

import { randomBytes } from 'node:crypto';
import {
  HOST_TOKEN_TTL_S,
  LIVE_HOST_ROLE,
  LIVE_ROOM_FAILED,
  LIVE_TOKEN_FAILED,
  LIVE_VIEWER_ROLE,
  mintFromRoomName,
  type TLiveTokenResponse,
  type TViewerPlace,
  VIEWER_TOKEN_TTL_S,
} from '@mintcast/contracts';
import { TrackSource, type VideoGrant } from 'livekit-server-sdk';
import type { Access } from '../access/access.ts';
import { AppError, badRequest, unauthorized } from '../http/errors.ts';
import { liveBlocked, type StreamsService } from '../streams/streams.service.ts';
import type { MediaGateway } from './media-gateway.ts';

/** Rooms are short-lived: closed 5 min after creation if nobody joins, 20 s after the last one leaves. */
const ROOM_EMPTY_TIMEOUT_S = 300;
const ROOM_DEPARTURE_TIMEOUT_S = 20;

interface Log {
  warn(obj: object, msg: string): void;
}

const mintOf = (roomName: string): string => {
  const mint = mintFromRoomName(roomName);
  if (!mint) throw badRequest('roomName must be "stream-" followed by a token address');
  return mint;
};

/** Identity of a viewer (spec §6): viewer-prefixed timestamp, plus randomness so two viewers never collide. */
export const viewerIdentity = (): string => `viewer-${Date.now()}-${randomBytes(4).toString('hex')}`;

/** Media access rules: who gets which token, and who may create a stream's room. */
export const createLiveService = (deps: {
  gateway: MediaGateway;
  streams: StreamsService;
  access: Pick<Access, 'requireCreator'>;
  /** The HTTP tier's playlist when the stream's WebRTC audience is full (issue 33), else null. */
  httpPlaceFor?: (mint: string) => Promise<string | null>;
  log: Log;
}) => {
  const { gateway, streams, log } = deps;

  /** Only the signed-in creator of an existing stream may host it (or create its room). */
  const requireCreator = async (actor: string | null, mint: string): Promise<void> => {
    if (!actor) throw unauthorized('Sign in with your wallet to broadcast');
    await deps.access.requireCreator(actor, mint, 'Only the stream creator can broadcast this stream');
  };

  const hostGrant = (room: string): VideoGrant => ({
    room,
    roomJoin: true,
    canSubscribe: true,
    canPublish: true,
    canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE, TrackSource.SCREEN_SHARE],
    // Explicit: the host's browser sends no data today, and LiveKit defaults this to true when unset.
    canPublishData: false,
    canUpdateOwnMetadata: false,
  });

  const viewerGrant = (room: string): VideoGrant => ({
    room,
    roomJoin: true,
    canSubscribe: true,
    canPublish: false,
    canPublishData: false,
    canUpdateOwnMetadata: false,
  });

  const mint = async (spec: Parameters<MediaGateway['mintToken']>[0]): Promise<string> => {
    try {
      return await gateway.mintToken(spec);
    } catch (err) {
      log.warn({ err }, 'media token signing failed');
      throw new AppError(502, 'token_failed', LIVE_TOKEN_FAILED);
    }
  };

  return {
    async issueToken(
      actor: string | null,
      req: { roomName: string; participantName: string; isHost: boolean },
    ): Promise<TLiveTokenResponse | TViewerPlace> {
      const streamMint = mintOf(req.roomName);
      if (req.isHost) {
        await requireCreator(actor, streamMint);
        // An admin ended this broadcast: no host token until an admin allows it again.
        if (await streams.isLiveBlocked(streamMint)) throw liveBlocked();
        const token = await mint({
          identity: actor as string,
          name: req.participantName,
          metadata: JSON.stringify({ role: LIVE_HOST_ROLE }),
          ttlSeconds: HOST_TOKEN_TTL_S,
          grant: hostGrant(req.roomName),
        });
        return { token, url: gateway.url };
      }
      // Viewers may watch anonymously, but only rooms of streams that exist (no room squatting).
      await streams.get(streamMint);
      // WebRTC is full: the server decides, the player plays the HTTP tier and asks again later.
      const playlistUrl = await deps.httpPlaceFor?.(streamMint);
      if (playlistUrl) return { tier: 'http', playlistUrl };
      const token = await mint({
        identity: viewerIdentity(),
        name: req.participantName,
        metadata: JSON.stringify({ role: LIVE_VIEWER_ROLE }),
        ttlSeconds: VIEWER_TOKEN_TTL_S,
        grant: viewerGrant(req.roomName),
      });
      return { token, url: gateway.url };
    },

    async createRoom(actor: string | null, roomName: string): Promise<{ name: string }> {
      await requireCreator(actor, mintOf(roomName));
      try {
        return await gateway.createRoom(roomName, {
          emptyTimeoutS: ROOM_EMPTY_TIMEOUT_S,
          departureTimeoutS: ROOM_DEPARTURE_TIMEOUT_S,
        });
      } catch (err) {
        log.warn({ err }, 'media room creation failed');
        throw new AppError(502, 'room_failed', LIVE_ROOM_FAILED);
      }
    },
  };
};

export type LiveService = ReturnType<typeof createLiveService>;

// IngressState_Status is in LiveKit's protocol package (livekit-server-sdk does not re-export it).
import { IngressState_Status, ParticipantInfo_State } from '@livekit/protocol';
import type { TIngressStatus } from '@mintcast/contracts';
import {
  AccessToken,
  IngressClient,
  IngressInput,
  RoomServiceClient,
  type VideoGrant,
  WebhookReceiver,
} from 'livekit-server-sdk';
import { z } from 'zod';

/** What the embedded media server's `mintcast.MediaStats/GetRoomStats` answers (apps/media `RoomStats`). */
const ZRoomStats = z.object({
  participants: z.array(
    z.object({
      identity: z.string(),
      tracks: z.array(
        z.object({
          kind: z.enum(['audio', 'video']),
          bitrateKbps: z.number(),
          fps: z.number(),
          lossPct: z.number(),
          width: z.number().nullable(),
          height: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type TRoomStats = z.infer<typeof ZRoomStats>;

/** What a LiveKit Ingress reports of its input now (`IngressInfo.state`), bitrates in bit/s. */
export interface IngressReading {
  status: TIngressStatus;
  /** LiveKit's error text when the ingress failed; null otherwise. */
  error: string | null;
  video: { mimeType: string; bitrateBps: number; width: number; height: number; fps: number } | null;
  audio: { mimeType: string; bitrateBps: number } | null;
}

const INGRESS_STATUS: Record<IngressState_Status, TIngressStatus> = {
  [IngressState_Status.ENDPOINT_INACTIVE]: 'inactive',
  [IngressState_Status.ENDPOINT_BUFFERING]: 'buffering',
  [IngressState_Status.ENDPOINT_PUBLISHING]: 'publishing',
  [IngressState_Status.ENDPOINT_ERROR]: 'error',
  [IngressState_Status.ENDPOINT_COMPLETE]: 'complete',
};

export interface MediaConfig {
  url: string;
  /** Where the RoomService is called; defaults to `url`. */
  apiUrl?: string;
  apiKey: string;
  apiSecret: string;
}

export interface TokenSpec {
  identity: string;
  name: string;
  metadata: string;
  ttlSeconds: number;
  grant: VideoGrant;
}

const STATS_TIMEOUT_MS = 3_000;

/** Twirp (RoomService) speaks HTTP on the same host as the signal WebSocket. */
const httpUrl = (wsUrl: string): string => wsUrl.replace(/^ws(s?):\/\//i, 'http$1://');

/**
 * The one place that talks to LiveKit (or apps/media) through livekit-server-sdk: access tokens,
 * rooms, and webhook verification. Everything else in the live feature goes through this.
 */
export const createMediaGateway = (config: MediaConfig) => {
  const rooms = new RoomServiceClient(httpUrl(config.apiUrl ?? config.url), config.apiKey, config.apiSecret);
  const receiver = new WebhookReceiver(config.apiKey, config.apiSecret);
  const ingress = new IngressClient(httpUrl(config.apiUrl ?? config.url), config.apiKey, config.apiSecret);
  const statsUrl = `${httpUrl(config.apiUrl ?? config.url).replace(/\/+$/, '')}/twirp/mintcast.MediaStats/GetRoomStats`;

  return {
    /** The URL browsers connect to. */
    url: config.url,

    mintToken(spec: TokenSpec): Promise<string> {
      const token = new AccessToken(config.apiKey, config.apiSecret, {
        identity: spec.identity,
        name: spec.name,
        metadata: spec.metadata,
        ttl: spec.ttlSeconds,
      });
      token.addGrant(spec.grant);
      return token.toJwt();
    },

    async createRoom(name: string, opts: { emptyTimeoutS: number; departureTimeoutS: number }) {
      const room = await rooms.createRoom({
        name,
        emptyTimeout: opts.emptyTimeoutS,
        departureTimeout: opts.departureTimeoutS,
      });
      return { name: room.name };
    },

    /** Close a room and disconnect everyone in it (an admin ending a stream). */
    async deleteRoom(name: string): Promise<void> {
      await rooms.deleteRoom(name);
    },

    /** Disconnect one participant from a room (a banned host). */
    async removeParticipant(room: string, identity: string): Promise<void> {
      await rooms.removeParticipant(room, identity);
    },

    /** Rooms the media server has now (RoomService ListRooms). */
    async listRooms(): Promise<{ name: string }[]> {
      return (await rooms.listRooms()).map((r) => ({ name: r.name }));
    },

    /**
     * Who is in a room now (RoomService ListParticipants): identity, session id, token metadata, and whether
     * its media connection is up (`active`: LiveKit's ACTIVE; a WHIP ingest is active once media arrived).
     */
    async listParticipants(
      room: string,
    ): Promise<{ identity: string; sid: string; metadata: string; active: boolean }[]> {
      return (await rooms.listParticipants(room)).map((p) => ({
        identity: p.identity,
        sid: p.sid,
        metadata: p.metadata,
        active: p.state === ParticipantInfo_State.ACTIVE,
      }));
    },

    /**
     * Every publisher's incoming track health in a room (embedded media server only: LiveKit has no such
     * call); null when the room does not exist.
     */
    async roomStats(room: string): Promise<TRoomStats | null> {
      const token = new AccessToken(config.apiKey, config.apiSecret, { ttl: 60 });
      token.addGrant({ room, roomAdmin: true });
      const res = await fetch(`${statsUrl}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await token.toJwt()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ room }),
        signal: AbortSignal.timeout(STATS_TIMEOUT_MS),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`media stats: HTTP ${res.status}`);
      return ZRoomStats.parse(await res.json());
    },

    /**
     * A LiveKit Ingress of input type WHIP publishing into `roomName` as `identity` (external LiveKit only: the
     * embedded media server serves WHIP itself). Forwarded without transcoding, as OBS encodes it.
     */
    async createWhipIngress(spec: {
      roomName: string;
      identity: string;
      name: string;
      metadata: string;
    }): Promise<{ ingressId: string; url: string; streamKey: string }> {
      const info = await ingress.createIngress(IngressInput.WHIP_INPUT, {
        name: spec.roomName,
        roomName: spec.roomName,
        participantIdentity: spec.identity,
        participantName: spec.name,
        participantMetadata: spec.metadata,
        enableTranscoding: false,
      });
      return { ingressId: info.ingressId, url: info.url, streamKey: info.streamKey };
    },

    /**
     * A LiveKit Ingress's input as LiveKit measures it (IngressService ListIngress by id: resolution, frame
     * rate, bitrates, status; no packet loss); null when LiveKit no longer knows the ingress.
     */
    async ingressState(ingressId: string): Promise<IngressReading | null> {
      const [info] = await ingress.listIngress({ ingressId });
      if (!info) return null;
      const state = info.state;
      const { video, audio } = state ?? {};
      return {
        status: INGRESS_STATUS[state?.status ?? IngressState_Status.ENDPOINT_INACTIVE] ?? 'inactive',
        error: state?.error ? state.error : null,
        video: video
          ? {
              mimeType: video.mimeType,
              bitrateBps: video.averageBitrate,
              width: video.width,
              height: video.height,
              fps: video.framerate,
            }
          : null,
        audio: audio ? { mimeType: audio.mimeType, bitrateBps: audio.averageBitrate } : null,
      };
    },

    async deleteIngress(ingressId: string): Promise<void> {
      await ingress.deleteIngress(ingressId);
    },

    /** Checks the signed `Authorization` JWT and the sha256 of the exact body; throws when either is wrong. */
    verifyWebhook(rawBody: string, authorization: string | undefined) {
      return receiver.receive(rawBody, authorization);
    },
  };
};

export type MediaGateway = ReturnType<typeof createMediaGateway>;

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CreateRoomRequest,
  DeleteRoomRequest,
  DeleteRoomResponse,
  DisconnectReason,
  LeaveRequest_Action,
  ListParticipantsRequest,
  ListParticipantsResponse,
  ListRoomsRequest,
  ListRoomsResponse,
  MuteRoomTrackRequest,
  MuteRoomTrackResponse,
  MuteTrackRequest,
  ParticipantPermission,
  RemoveParticipantResponse,
  RoomParticipantIdentity,
  UpdateParticipantRequest,
  UpdateRoomMetadataRequest,
} from '@livekit/protocol';
import type { VideoGrant } from 'livekit-server-sdk';
import { HttpError, verifyToken } from '../auth.ts';
import { EgressError, type EgressManager } from '../recording/egress-manager.ts';
import type { Room } from '../room/room.ts';
import type { RoomManager } from '../room/room-manager.ts';
import type { TrackHealth } from '../rtc/track-stats.ts';
import { BodyTooLargeError, readBody, sendJson } from './http-utils.ts';

const TWIRP_STATUS: Record<string, number> = {
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  bad_route: 404,
  invalid_argument: 400,
  malformed: 400,
  already_exists: 409,
  unavailable: 503,
  internal: 500,
};

class TwirpError extends Error {
  constructor(
    readonly code: keyof typeof TWIRP_STATUS,
    message: string,
  ) {
    super(message);
  }
}

const PARSE = { ignoreUnknownFields: true } as const;

const ROOM_SERVICE = 'livekit.RoomService/';
/** Ours, not LiveKit's: what the media server receives from a room's publishers (the cockpit's health). */
const MEDIA_STATS = 'mintcast.MediaStats/';

/** LiveKit's Egress service: participant egress to a local file (recording/egress-manager.ts). */
const EGRESS = 'livekit.Egress/';

/** True for the Twirp paths (after `/twirp/`) served here. */
export const isTwirpService = (path: string): boolean =>
  path.startsWith(ROOM_SERVICE) || path.startsWith(MEDIA_STATS) || path.startsWith(EGRESS);

/**
 * `POST /twirp/livekit.RoomService/<method>`: protobuf-JSON in and out, Twirp JSON errors; and
 * `POST /twirp/mintcast.MediaStats/GetRoomStats` (plain JSON, the same admin token rules).
 */
export async function handleTwirp(
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  manager: RoomManager,
  egress?: EgressManager,
): Promise<void> {
  try {
    if (req.method !== 'POST') throw new TwirpError('bad_route', 'unsupported method');
    const video = await adminGrant(req, manager.services.ctx.keys);
    const text = (await readBody(req)) || '{}';
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new TwirpError('malformed', 'request body is not valid JSON');
    }
    if (path.startsWith(EGRESS)) {
      if (!video.roomRecord) throw new TwirpError('unauthenticated', 'permissions denied');
      if (!egress) throw new TwirpError('unavailable', 'recording is not configured on this media server');
      const result = await egressRoute(path.slice(EGRESS.length), body, egress);
      sendJson(res, 200, JSON.stringify(result));
      return;
    }
    if (path.startsWith(MEDIA_STATS)) {
      const result = stats(path.slice(MEDIA_STATS.length), body, video, manager);
      sendJson(res, 200, JSON.stringify(result));
      return;
    }
    const result = route(path.slice(ROOM_SERVICE.length), body as never, video, manager);
    sendJson(res, 200, JSON.stringify(result.toJson()));
  } catch (err) {
    const e =
      err instanceof TwirpError
        ? err
        : err instanceof EgressError
          ? new TwirpError(err.code, err.message)
          : err instanceof HttpError
            ? new TwirpError('unauthenticated', err.message)
            : err instanceof BodyTooLargeError
              ? new TwirpError('malformed', err.message)
              : new TwirpError('internal', (err as Error).message);
    sendJson(res, TWIRP_STATUS[e.code] ?? 500, { code: e.code, msg: e.message, meta: {} });
  }
}

async function adminGrant(req: IncomingMessage, keys: Record<string, string>): Promise<VideoGrant> {
  const auth = req.headers.authorization;
  if (!auth?.startsWith('Bearer '))
    throw new TwirpError('unauthenticated', 'missing or malformed authorization header');
  const { claims } = await verifyToken(auth.slice(7).trim(), keys);
  return claims.video ?? {};
}

type Json = Parameters<typeof CreateRoomRequest.fromJson>[0];

/** The request message from its protobuf-JSON body; a body of the wrong shape or types is malformed. */
function parse<T>(type: { fromJson(json: Json, options: typeof PARSE): T }, body: Json): T {
  try {
    return type.fromJson(body, PARSE);
  } catch (err) {
    throw new TwirpError('malformed', `invalid request body: ${(err as Error).message}`);
  }
}

/** A room's admin may read it: the token's `roomAdmin` grant for exactly that room. */
function requireAdminOf(video: VideoGrant, manager: RoomManager, room: string): Room {
  if (!video.roomAdmin || !room || video.room !== room)
    throw new TwirpError('unauthenticated', 'permissions denied');
  const r = manager.get(room);
  if (!r) throw new TwirpError('not_found', 'requested room does not exist');
  return r;
}

/** `GetRoomStats {room}`: every publishing participant's tracks with their incoming health. */
function stats(method: string, body: unknown, video: VideoGrant, manager: RoomManager): RoomStats {
  if (method !== 'GetRoomStats')
    throw new TwirpError('bad_route', `no handler for mintcast.MediaStats/${method}`);
  const room = (body as { room?: unknown } | null)?.room;
  if (typeof room !== 'string')
    throw new TwirpError('malformed', 'invalid request body: room must be a string');
  const r = requireAdminOf(video, manager, room);
  return {
    room,
    participants: [...r.participants.values()]
      .filter((p) => p.tracks.size > 0)
      .map((p) => ({ identity: p.identity, tracks: [...p.tracks.values()].map((t) => t.health()) })),
  };
}

/** The answer of `mintcast.MediaStats/GetRoomStats`. */
export interface RoomStats {
  room: string;
  participants: { identity: string; tracks: TrackHealth[] }[];
}

function route(method: string, body: Json, video: VideoGrant, manager: RoomManager): { toJson(): unknown } {
  const requireRoomAdmin = (room: string): Room => requireAdminOf(video, manager, room);
  const participantOf = (room: Room, identity: string) => {
    const p = room.participants.get(identity);
    if (!p) throw new TwirpError('not_found', 'participant does not exist');
    return p;
  };
  switch (method) {
    case 'CreateRoom': {
      if (!video.roomCreate) throw new TwirpError('unauthenticated', 'permissions denied');
      const r = parse(CreateRoomRequest, body);
      if (!r.name) throw new TwirpError('invalid_argument', 'room name cannot be empty');
      return manager.getOrCreate(r.name, r).info();
    }
    case 'ListRooms': {
      if (!video.roomList) throw new TwirpError('unauthenticated', 'permissions denied');
      const r = parse(ListRoomsRequest, body);
      const rooms = [...manager.rooms.values()].filter(
        (room) => r.names.length === 0 || r.names.includes(room.name),
      );
      return new ListRoomsResponse({ rooms: rooms.map((room) => room.info()) });
    }
    case 'DeleteRoom': {
      if (!video.roomCreate) throw new TwirpError('unauthenticated', 'permissions denied');
      const r = parse(DeleteRoomRequest, body);
      const room = manager.get(r.room);
      if (!room) throw new TwirpError('not_found', 'requested room does not exist');
      room.close(DisconnectReason.ROOM_DELETED, 'deleted');
      return new DeleteRoomResponse();
    }
    case 'ListParticipants': {
      const r = parse(ListParticipantsRequest, body);
      const room = requireRoomAdmin(r.room);
      return new ListParticipantsResponse({
        participants: [...room.participants.values()].map((p) => p.info()),
      });
    }
    case 'GetParticipant': {
      const r = parse(RoomParticipantIdentity, body);
      return participantOf(requireRoomAdmin(r.room), r.identity).info();
    }
    case 'RemoveParticipant': {
      const r = parse(RoomParticipantIdentity, body);
      const room = requireRoomAdmin(r.room);
      room.remove(participantOf(room, r.identity), DisconnectReason.PARTICIPANT_REMOVED, {
        leaveAction: LeaveRequest_Action.DISCONNECT,
      });
      return new RemoveParticipantResponse();
    }
    case 'UpdateParticipant': {
      const r = parse(UpdateParticipantRequest, body);
      const room = requireRoomAdmin(r.room);
      const p = participantOf(room, r.identity);
      if (r.metadata) p.metadata = r.metadata;
      if (r.name) p.name = r.name;
      for (const [k, v] of Object.entries(r.attributes)) {
        if (v === '') delete p.attributes[k];
        else p.attributes[k] = v;
      }
      // A permission object replaces the whole permission; absent fields mean false.
      if (r.permission) applyPermission(room, p, r.permission);
      p.touch();
      room.broadcast(p, true);
      return p.info();
    }
    case 'MutePublishedTrack': {
      const r = parse(MuteRoomTrackRequest, body);
      const room = requireRoomAdmin(r.room);
      const p = participantOf(room, r.identity);
      const track = room.media.setMuted(p, r.trackSid, r.muted);
      if (!track) throw new TwirpError('not_found', 'track does not exist');
      // Tell the publisher its track was muted (the same message going down means "muted by server").
      p.send({ case: 'mute', value: new MuteTrackRequest({ sid: r.trackSid, muted: r.muted }) });
      return new MuteRoomTrackResponse({ track });
    }
    case 'UpdateRoomMetadata': {
      const r = parse(UpdateRoomMetadataRequest, body);
      const room = requireRoomAdmin(r.room);
      room.setMetadata(r.metadata);
      return room.info();
    }
    default:
      throw new TwirpError('bad_route', `no handler for livekit.RoomService/${method}`);
  }
}

function applyPermission(
  room: Room,
  p: ReturnType<Room['participants']['get']> & object,
  perm: ParticipantPermission,
): void {
  p.permission = new ParticipantPermission(perm);
  if (!perm.canPublish) {
    for (const track of [...p.tracks.values()]) room.media.unpublish(p, track);
    p.pendingTracks.clear();
  }
  if (!perm.canSubscribe) for (const sid of [...p.subscriptions.keys()]) room.media.unsubscribe(p, sid);
}

/** `StartParticipantEgress`, `StopEgress`, `ListEgress` (protobuf-JSON), the calls our API server makes. */
async function egressRoute(method: string, body: unknown, egress: EgressManager): Promise<unknown> {
  const b = (body ?? {}) as {
    egress_id?: unknown;
    egressId?: unknown;
    room_name?: unknown;
    roomName?: unknown;
  };
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  switch (method) {
    case 'StartParticipantEgress':
      return egress.startParticipant(body).toJson();
    case 'StopEgress':
      return (await egress.stop(str(b.egressId ?? b.egress_id) ?? '')).toJson();
    case 'ListEgress':
      return {
        items: egress
          .list(str(b.roomName ?? b.room_name), str(b.egressId ?? b.egress_id))
          .map((i) => i.toJson()),
      };
    default:
      throw new TwirpError('bad_route', `no handler for livekit.Egress/${method}`);
  }
}

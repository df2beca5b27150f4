import {
  ClientConfigSetting,
  ClientConfiguration,
  ICEServer,
  JoinResponse,
  ServerInfo,
  ServerInfo_Edition,
} from '@livekit/protocol';
import { PING_INTERVAL_SEC, PING_TIMEOUT_SEC, SERVER_VERSION, type ServerContext } from '../config.ts';
import type { Participant } from '../room/participant.ts';
import type { Room } from '../room/room.ts';

/** The first frame on a new signal socket. */
export function buildJoinResponse(room: Room, p: Participant, ctx: ServerContext): JoinResponse {
  return new JoinResponse({
    room: room.info(),
    participant: p.info(),
    otherParticipants: room.visibleOthers(p).map((o) => o.info()),
    serverVersion: SERVER_VERSION,
    serverInfo: new ServerInfo({
      edition: ServerInfo_Edition.Standard,
      version: SERVER_VERSION,
      protocol: 16,
      region: 'local',
      nodeId: 'mintcast-media',
    }),
    iceServers: ctx.iceServers.map(
      (s) => new ICEServer({ urls: s.urls, username: s.username ?? '', credential: s.credential ?? '' }),
    ),
    // The subscriber PC (which we offer) is the one connect() waits for.
    subscriberPrimary: true,
    // Resume is not implemented: tell the client to always rejoin from scratch.
    clientConfiguration: new ClientConfiguration({ resumeConnection: ClientConfigSetting.DISABLED }),
    pingInterval: PING_INTERVAL_SEC,
    pingTimeout: PING_TIMEOUT_SEC,
    fastPublish: p.permission.canPublish,
  });
}

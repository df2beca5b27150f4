import {
  ClientConfigSetting,
  ClientConfiguration,
  ICEServer,
  JoinResponse,
  ReconnectResponse,
  ServerInfo,
  ServerInfo_Edition,
} from '@livekit/protocol';
import { PING_INTERVAL_SEC, PING_TIMEOUT_SEC, SERVER_VERSION, type ServerContext } from '../config.ts';
import type { Participant } from '../room/participant.ts';
import type { Room } from '../room/room.ts';

const serverInfo = () =>
  new ServerInfo({
    edition: ServerInfo_Edition.Standard,
    version: SERVER_VERSION,
    protocol: 16,
    region: 'local',
    nodeId: 'mintcast-media',
  });

const iceServers = (ctx: ServerContext) =>
  ctx.iceServers.map(
    (s) => new ICEServer({ urls: s.urls, username: s.username ?? '', credential: s.credential ?? '' }),
  );

/** A dropped signal socket may be resumed within the grace period (same session, media kept). */
const clientConfiguration = () => new ClientConfiguration({ resumeConnection: ClientConfigSetting.ENABLED });

/** The first frame on a resumed signal socket. */
export function buildReconnectResponse(ctx: ServerContext): ReconnectResponse {
  return new ReconnectResponse({
    iceServers: iceServers(ctx),
    clientConfiguration: clientConfiguration(),
    serverInfo: serverInfo(),
  });
}

/** The first frame on a new signal socket (a join). */
export function buildJoinResponse(room: Room, p: Participant, ctx: ServerContext): JoinResponse {
  return new JoinResponse({
    room: room.info(),
    participant: p.info(),
    otherParticipants: room.visibleOthers(p).map((o) => o.info()),
    serverVersion: SERVER_VERSION,
    serverInfo: serverInfo(),
    iceServers: iceServers(ctx),
    // The subscriber PC (which we offer) is the one connect() waits for.
    subscriberPrimary: true,
    clientConfiguration: clientConfiguration(),
    pingInterval: PING_INTERVAL_SEC,
    pingTimeout: PING_TIMEOUT_SEC,
    fastPublish: p.permission.canPublish,
  });
}

import {
  isWhipIngest,
  LIVE_HOST_ROLE,
  LIVE_VIEWER_ROLE,
  mintFromRoomName,
  participantRole,
  roomNameForMint,
} from '@mintcast/contracts';
import type { WebhookEvent } from 'livekit-server-sdk';
import type { StreamsService } from '../streams/streams.service.ts';
import type { LiveRepository } from './live.repository.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

export interface LivePresenceDeps {
  repo: LiveRepository;
  streams: Pick<StreamsService, 'applySystemUpdate' | 'find'>;
  hostGraceMs: number;
  /** The stream's HTTP-tier viewers now (their players' presence, across instances); counted with WebRTC's. */
  httpViewers?: (mint: string) => number;
  log: Log;
  /** Whether a wallet is banned site-wide: a banned wallet's host (a token minted before the ban, or OBS) is put out. */
  isBanned?: (address: string) => Promise<boolean>;
  /** Disconnects a participant from a room (RoomService RemoveParticipant). */
  removeParticipant?: (roomName: string, identity: string) => Promise<void>;
}

/**
 * Keeps `is_currently_live` and `num_participants` true from media webhooks, even when a tab is closed:
 * viewers joining and leaving set the count; the host leaving (and not back within the grace period) or
 * the room finishing takes the stream offline. A WHIP ingest leaving takes it offline at once (unless
 * another host is in the room): streaming software that reconnects sets it live again when its media
 * arrives, and the media server says it left only once its media stopped, so viewers should know now. Who is in which room is kept in the database, so any
 * instance may receive any webhook and a restart loses nothing but pending grace timers.
 */
export const createLivePresence = (deps: LivePresenceDeps) => {
  const { repo, streams, log } = deps;
  const graceTimers = new Map<string, NodeJS.Timeout>();

  const cancelGrace = (roomName: string) => {
    const timer = graceTimers.get(roomName);
    if (timer) clearTimeout(timer);
    graceTimers.delete(roomName);
  };

  /** The viewer count is both tiers': WebRTC viewers in the room and HTTP-tier players. */
  const syncViewerCount = async (roomName: string, mint: string) => {
    const counts = await repo.countByRole(roomName);
    const viewers = (counts[LIVE_VIEWER_ROLE] ?? 0) + (deps.httpViewers?.(mint) ?? 0);
    await streams.applySystemUpdate(mint, { num_participants: viewers });
  };

  const goOffline = (mint: string) =>
    streams.applySystemUpdate(mint, { is_currently_live: false, num_participants: 0 });

  /** After the grace period, offline unless a host is back in the room (possibly via another instance). */
  const expireGrace = async (roomName: string, mint: string) => {
    graceTimers.delete(roomName);
    const counts = await repo.countByRole(roomName);
    if ((counts[LIVE_HOST_ROLE] ?? 0) > 0) return;
    await goOffline(mint);
  };

  const startGrace = (roomName: string, mint: string) => {
    cancelGrace(roomName);
    const timer = setTimeout(() => {
      expireGrace(roomName, mint).catch((err) => log.warn({ err, roomName }, 'host grace expiry failed'));
    }, deps.hostGraceMs);
    timer.unref();
    graceTimers.set(roomName, timer);
  };

  return {
    async handle(event: WebhookEvent): Promise<void> {
      const roomName = event.room?.name ?? '';
      const mint = mintFromRoomName(roomName);
      if (!mint) return; // not a stream room: nothing of ours to update
      const p = event.participant;
      switch (event.event) {
        case 'room_started':
          // A fresh room: rows left by a room that ended without its webhooks are stale.
          await repo.clearRoom(roomName);
          return;
        case 'room_finished':
          cancelGrace(roomName);
          await repo.clearRoom(roomName);
          await goOffline(mint);
          return;
        case 'participant_joined': {
          if (!p) return;
          const role = participantRole(p.metadata) === LIVE_HOST_ROLE ? LIVE_HOST_ROLE : LIVE_VIEWER_ROLE;
          // A host token lives 10 min and a stream key until regenerated: a ban made meanwhile must still
          // keep that wallet off the air, so its host is removed from the room and never marks it live.
          if (role === LIVE_HOST_ROLE && (await deps.isBanned?.(p.identity))) {
            await deps.removeParticipant?.(roomName, p.identity).catch((err) => {
              log.warn({ err, roomName }, 'removing a banned host from its room failed');
            });
            return;
          }
          await repo.addParticipant({ roomName, identity: p.identity, sid: p.sid, role });
          if (role === LIVE_HOST_ROLE) cancelGrace(roomName);
          else await syncViewerCount(roomName, mint);
          // Streaming software has no page to say "live": its ingest is, once media arrives (the media server
          // and LiveKit's ingress announce the participant then). A browser host sets the flag itself.
          if (role === LIVE_HOST_ROLE && isWhipIngest(p.metadata))
            await streams.applySystemUpdate(mint, { is_currently_live: true });
          return;
        }
        case 'participant_left':
        case 'participant_connection_aborted': {
          if (!p) return;
          await repo.removeParticipant({ roomName, identity: p.identity, sid: p.sid });
          if (participantRole(p.metadata) === LIVE_HOST_ROLE && isWhipIngest(p.metadata)) {
            cancelGrace(roomName);
            await expireGrace(roomName, mint);
          } else if (participantRole(p.metadata) === LIVE_HOST_ROLE) startGrace(roomName, mint);
          else await syncViewerCount(roomName, mint);
          return;
        }
        default:
          return;
      }
    },

    /** A live stream's HTTP-tier audience changed: its viewer count follows (an offline stream's stays 0). */
    async httpViewersChanged(mint: string): Promise<void> {
      const stream = await streams.find(mint);
      if (stream?.is_currently_live) await syncViewerCount(roomNameForMint(stream.mint), stream.mint);
    },

    close(): void {
      for (const timer of graceTimers.values()) clearTimeout(timer);
      graceTimers.clear();
    },
  };
};

export type LivePresence = ReturnType<typeof createLivePresence>;

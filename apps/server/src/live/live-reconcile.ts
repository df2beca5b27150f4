import {
  isWhipIngest,
  LIVE_HOST_ROLE,
  LIVE_VIEWER_ROLE,
  mintFromRoomName,
  participantRole,
} from '@mintcast/contracts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { LiveRepository } from './live.repository.ts';
import type { MediaGateway } from './media-gateway.ts';

export interface LiveReconcileDeps {
  gateway: Pick<MediaGateway, 'listRooms' | 'listParticipants'>;
  repo: Pick<LiveRepository, 'replaceRoom' | 'keepOnlyRooms' | 'claimingStreams'>;
  streams: Pick<StreamsService, 'applySystemUpdate'>;
  hostGraceMs: number;
  /** Milliseconds; injected so tests can step through the grace. */
  now: () => number;
  /** A stream's HTTP-tier viewers now; a live stream's count is both tiers'. */
  httpViewers?: (mint: string) => number;
}

interface RoomState {
  host: boolean;
  viewers: number;
}

/**
 * The media server's rooms are the truth about who is broadcasting; webhooks are only how we usually hear
 * about it, and they are lost whenever either process is down. Each run reads every room (ListRooms,
 * ListParticipants), makes `live_participants` match it, corrects viewer counts, and takes a stream offline
 * once its host has been missing for the host grace (counted from the first run that missed it, so a host
 * reconnecting to a restarted media server is not cut off). A WHIP ingest counts as the host only once its
 * media arrived: one whose publisher vanished before ICE completed sits in the room with no packets, and
 * its stream is not live. It never sets a stream live: only the creator does that.
 */
export const createLiveReconcile = (deps: LiveReconcileDeps) => {
  const { gateway, repo, streams } = deps;
  /** Since when (by `now`) each live stream's host has been missing from its room. */
  const missingSince = new Map<string, number>();

  const readRooms = async (): Promise<Map<string, RoomState>> => {
    const rooms = await gateway.listRooms();
    await repo.keepOnlyRooms(rooms.map((r) => r.name));
    const byMint = new Map<string, RoomState>();
    for (const room of rooms) {
      const mint = mintFromRoomName(room.name);
      if (!mint) continue;
      const people = await gateway.listParticipants(room.name);
      const rows = people.map((p) => ({
        identity: p.identity,
        sid: p.sid,
        role: participantRole(p.metadata) === LIVE_HOST_ROLE ? LIVE_HOST_ROLE : LIVE_VIEWER_ROLE,
      }));
      await repo.replaceRoom(room.name, rows);
      byMint.set(mint, {
        host: people.some(
          (p) => participantRole(p.metadata) === LIVE_HOST_ROLE && (p.active || !isWhipIngest(p.metadata)),
        ),
        viewers: rows.filter((r) => r.role === LIVE_VIEWER_ROLE).length,
      });
    }
    return byMint;
  };

  return {
    /** One pass; throws when the media server cannot be asked (nothing is changed then). */
    async runOnce(): Promise<void> {
      const rooms = await readRooms();
      const now = deps.now();
      const claiming = await repo.claimingStreams();
      const seen = new Set<string>();
      for (const s of claiming) {
        seen.add(s.mint);
        const room = rooms.get(s.mint);
        const viewers = (room?.viewers ?? 0) + (s.is_currently_live ? (deps.httpViewers?.(s.mint) ?? 0) : 0);
        if (!s.is_currently_live || room?.host) {
          missingSince.delete(s.mint);
          if (s.num_participants !== viewers)
            await streams.applySystemUpdate(s.mint, { num_participants: viewers });
          continue;
        }
        const since = missingSince.get(s.mint) ?? now;
        missingSince.set(s.mint, since);
        if (now - since >= deps.hostGraceMs) {
          missingSince.delete(s.mint);
          await streams.applySystemUpdate(s.mint, { is_currently_live: false, num_participants: 0 });
        } else if (s.num_participants !== viewers) {
          await streams.applySystemUpdate(s.mint, { num_participants: viewers });
        }
      }
      for (const mint of missingSince.keys()) if (!seen.has(mint)) missingSince.delete(mint);
    },
  };
};

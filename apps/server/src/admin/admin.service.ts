import {
  roomNameForMint,
  type TAdminAction,
  type TAuditEntry,
  type TPlatformBan,
  type TReport,
} from '@mintcast/contracts';
import { badRequest, notFound } from '../http/errors.ts';
import type { MediaGateway } from '../live/media-gateway.ts';
import { MODERATION_TOPIC } from '../moderation/moderation-notification.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { AdminRepository } from './admin.repository.ts';

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * What platform administrators may do: read the report queue, end a live stream, hide a stream from every
 * list, mark it NSFW, ban a wallet site-wide — and undo each. Every action is written to the audit log.
 * The caller is already known to be an admin (the route's `requireAdmin`).
 */
export const createAdminService = (deps: {
  repo: AdminRepository;
  streams: StreamsService;
  gateway: Pick<MediaGateway, 'deleteRoom'>;
  pubsub: Pick<PubSub, 'publish'>;
  now: () => number;
  log: Log;
}) => {
  const { repo, streams, gateway, pubsub, now, log } = deps;
  const audit = (admin: string, action: TAdminAction, target: string, reason: string) =>
    repo.audit({ admin, action, target, reason });

  /**
   * Offline in the database at once, then the media room closed (its webhook may come late or never). With
   * `block` (an admin ended this stream), it stays offline, whoever asks, until an admin allows it (`allowLive`);
   * a ban's end needs none (the ban itself refuses streaming, and lifting it lifts that).
   */
  const endLive = async (mint: string, block: boolean) => {
    await streams.applySystemUpdate(mint, {
      is_currently_live: false,
      num_participants: 0,
      ...(block ? { live_blocked_at: new Date(now()) } : {}),
    });
    await gateway.deleteRoom(roomNameForMint(mint)).catch((err: unknown) => {
      log.warn({ err, mint }, 'admin: closing the media room failed (the stream is offline anyway)');
    });
  };

  const requireStream = async (mint: string) => {
    await streams.get(mint); // 404 "Stream Not Found"
  };

  return {
    async reports(status: 'open' | 'all'): Promise<TReport[]> {
      const rows = await repo.reports(status === 'open', 200);
      return rows.map((r) => ({
        id: String(r.id),
        kind: r.kind,
        reason: r.reason as TReport['reason'],
        details: r.details,
        reporter: r.reporter,
        created_at: iso(r.created_at) ?? '',
        resolved_at: iso(r.resolved_at),
        stream: {
          mint: r.mint,
          name: r.name,
          symbol: r.symbol,
          creator_address: r.creator_address,
          is_currently_live: r.is_currently_live,
          is_nsfw: r.is_nsfw,
          hidden: r.hidden_at !== null,
        },
        message:
          r.kind === 'message' && r.message_id
            ? {
                id: String(r.message_id),
                author: r.message_author ?? '',
                content: r.message_content ?? '',
                created_at: iso(r.message_created_at) ?? '',
              }
            : null,
        clip: r.clip_id
          ? {
              id: r.clip_id,
              title: r.clip_title ?? '',
              author: r.clip_author ?? '',
              removed: r.clip_deleted_at !== null,
            }
          : null,
        subjectBanned: Boolean(r.subject_banned),
      }));
    },

    async dismissReport(admin: string, id: string, reason: string): Promise<void> {
      const mint = await repo.resolveReport(id, admin, new Date(now()));
      if (!mint) throw notFound('Report not found');
      await audit(admin, 'dismiss_report', `report ${id} (${mint})`, reason);
    },

    async endStream(admin: string, mint: string, reason: string): Promise<void> {
      const stream = await streams.get(mint);
      if (!stream.is_currently_live) throw badRequest('This stream is not live');
      await endLive(mint, true);
      await audit(admin, 'end_stream', mint, reason);
    },

    /** Lift the block an admin's end left: the creator may go live again. */
    async allowLive(admin: string, mint: string, reason: string): Promise<void> {
      await requireStream(mint);
      if (!(await streams.isLiveBlocked(mint)))
        throw badRequest('This stream is not blocked from going live');
      await streams.applySystemUpdate(mint, { live_blocked_at: null });
      await audit(admin, 'allow_live', mint, reason);
    },

    async setHidden(admin: string, mint: string, hidden: boolean, reason: string): Promise<void> {
      await requireStream(mint);
      await streams.applySystemUpdate(mint, { hidden_at: hidden ? new Date(now()) : null });
      await audit(admin, hidden ? 'hide_stream' : 'unhide_stream', mint, reason);
    },

    async setNsfw(admin: string, mint: string, nsfw: boolean, reason: string): Promise<void> {
      await requireStream(mint);
      // The admin's mark holds against the creator's own flag until an admin removes it.
      await streams.applySystemUpdate(mint, { is_nsfw: nsfw, nsfw_by_admin: nsfw });
      await audit(admin, nsfw ? 'mark_nsfw' : 'unmark_nsfw', mint, reason);
    },

    /** Site-wide ban: every live stream of the wallet ends, and its messages disappear from open chats. */
    async ban(admin: string, address: string, reason: string): Promise<void> {
      if (address === admin) throw badRequest('You cannot ban yourself');
      await repo.ban(address, reason, admin);
      await audit(admin, 'ban_wallet', address, reason);
      for (const mint of await repo.liveStreamsOf(address)) await endLive(mint, false);
      await pubsub.publish(MODERATION_TOPIC, JSON.stringify({ k: 'hide', mint: null, address }));
    },

    async unban(admin: string, address: string, reason: string): Promise<void> {
      if (!(await repo.unban(address))) throw notFound('This wallet is not banned');
      await audit(admin, 'unban_wallet', address, reason);
    },

    async bans(): Promise<TPlatformBan[]> {
      return (await repo.bans()).map((b) => ({
        address: b.address,
        reason: b.reason,
        banned_by: b.banned_by,
        created_at: iso(b.created_at) ?? '',
      }));
    },

    async auditLog(): Promise<TAuditEntry[]> {
      return (await repo.auditLog(200)).map((a) => ({
        id: String(a.id),
        admin: a.admin,
        action: a.action as TAdminAction,
        target: a.target,
        reason: a.reason,
        created_at: iso(a.created_at) ?? '',
      }));
    },
  };
};

export type AdminService = ReturnType<typeof createAdminService>;

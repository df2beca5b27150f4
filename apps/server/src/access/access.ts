import { CHAT_RULE_ERRORS, type TStreamRole } from '@mintcast/contracts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import type { AccessRepository } from './access.repository.ts';

/** What a wallet banned site-wide is told, wherever it is refused. */
export const PLATFORM_BANNED_MESSAGE = 'Your wallet is banned from Mintcast';

/**
 * The creator rule itself: `actor` is the wallet that created the stream. A stream nobody has claimed yet
 * (`creator` null) has no creator to match. `refusal` tells the wallet what it may not do. For a service that
 * has the stream's row already; the others call `requireCreator`.
 */
export const assertCreator = (creator: string | null, actor: string | null, refusal: string): void => {
  if (!actor || creator !== actor) throw forbidden(refusal);
};

/**
 * Who may do what: the one access check of every service (Immich's `requireAccess` is the model). In a stream a
 * wallet is its creator, one of the moderators the creator appointed, or a viewer; on the site it may be an
 * administrator (`ADMIN_ADDRESSES`) or banned. Creator-only actions (broadcast, stream key, thumbnail, tips
 * received, chat settings), staff-only ones (moderation), admin-only ones and the writes a banned wallet may
 * not make all ask here.
 */
export const createAccess = (repo: AccessRepository, opts: { admins: readonly string[] }) => {
  const admins = new Set(opts.admins);

  const role = async (mint: string, address: string | null): Promise<TStreamRole> => {
    const row = await repo.streamRoles(mint, address);
    if (!row) throw notFound('Stream Not Found');
    if (address && row.creator_address === address) return 'creator';
    return row.moderator ? 'moderator' : 'viewer';
  };

  const isBanned = (address: string): Promise<boolean> => repo.isPlatformBanned(address.toLowerCase());

  return {
    role,

    /** The creator or a moderator of the stream (they may delete, time out and ban). */
    async requireStaff(actor: string, mint: string): Promise<TStreamRole> {
      const r = await role(mint, actor);
      if (r === 'viewer') throw forbidden('Only the stream creator or a moderator can moderate this chat');
      return r;
    },

    /** The stream's creator only; 404 when there is no such stream, else 403 with `refusal`. */
    async requireCreator(
      actor: string | null,
      mint: string,
      refusal = 'Only the stream creator can change this chat',
    ): Promise<void> {
      const r = await role(mint, actor);
      assertCreator(r === 'creator' ? actor : null, actor, refusal);
    },

    /** Whether `address` is one of the site's administrators. */
    isAdmin: (address: string): boolean => admins.has(address),

    /** The site's administrators only: 403 for anyone else (and for no one signed in). */
    requireAdmin(actor: string | null | undefined): void {
      if (!actor || !admins.has(actor)) throw forbidden('Administrators only');
    },

    /** Whether `address` is banned site-wide (read on each call, so a ban holds on every instance at once). */
    isBanned,

    /** 403 `banned` when `address` is banned site-wide. */
    async assertNotBanned(address: string): Promise<void> {
      if (await isBanned(address)) throw new AppError(403, CHAT_RULE_ERRORS.banned, PLATFORM_BANNED_MESSAGE);
    },
  };
};

export type Access = ReturnType<typeof createAccess>;

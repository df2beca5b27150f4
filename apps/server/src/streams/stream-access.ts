import type { TStreamRole } from '@mintcast/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';

/**
 * The creator rule itself: `actor` is the wallet that created the stream. A stream nobody has claimed yet
 * (`creator` null) has no creator to match. `refusal` tells the wallet what it may not do.
 */
export const assertCreator = (creator: string | null, actor: string | null, refusal: string): void => {
  if (!actor || creator !== actor) throw forbidden(refusal);
};

/**
 * Who an address is in one stream: its creator, one of the moderators the creator appointed, or a viewer.
 * The one access check of every service: creator-only actions (broadcast, stream key, thumbnail, chat settings)
 * and staff-only ones (moderation) go through here.
 */
export const createStreamAccess = (db: Kysely<Database>) => {
  const role = async (mint: string, address: string | null): Promise<TStreamRole> => {
    const row = await db
      .selectFrom('streams as s')
      .leftJoin('stream_moderators as m', (j) =>
        j.onRef('m.stream_id', '=', 's.mint').on('m.address', '=', address ?? ''),
      )
      .select(['s.creator_address', 'm.address as moderator'])
      .where('s.mint', '=', mint)
      .executeTakeFirst();
    if (!row) throw notFound('Stream Not Found');
    if (address && row.creator_address === address) return 'creator';
    return row.moderator ? 'moderator' : 'viewer';
  };

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
  };
};

export type StreamAccess = ReturnType<typeof createStreamAccess>;

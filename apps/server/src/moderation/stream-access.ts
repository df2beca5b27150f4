import type { TStreamRole } from '@mintcast/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';

/**
 * Who an address is in one stream: its creator, one of the moderators the creator appointed, or a viewer.
 * The one access check of the chat tools (creator-only and staff-only actions go through here).
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

    /** The stream's creator only (moderators, chat modes, banned words, clear chat). */
    async requireCreator(actor: string, mint: string): Promise<void> {
      if ((await role(mint, actor)) !== 'creator')
        throw forbidden('Only the stream creator can change this chat');
    },
  };
};

export type StreamAccess = ReturnType<typeof createStreamAccess>;

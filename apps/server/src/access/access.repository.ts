import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the access checks, and nothing else. */
export const createAccessRepository = (db: Kysely<Database>) => ({
  /** A stream's creator, and whether `address` is one of its moderators; undefined: no such stream. */
  streamRoles(mint: string, address: string | null) {
    return db
      .selectFrom('streams as s')
      .leftJoin('stream_moderators as m', (j) =>
        j.onRef('m.stream_id', '=', 's.mint').on('m.address', '=', address ?? ''),
      )
      .select(['s.creator_address', 'm.address as moderator'])
      .where('s.mint', '=', mint)
      .executeTakeFirst();
  },

  /** Whether `address` (lower case) is banned site-wide: one primary-key lookup. */
  async isPlatformBanned(address: string): Promise<boolean> {
    const row = await db
      .selectFrom('platform_bans')
      .select('address')
      .where('address', '=', address)
      .executeTakeFirst();
    return row !== undefined;
  },
});

export type AccessRepository = ReturnType<typeof createAccessRepository>;

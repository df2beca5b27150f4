import {
  DEFAULT_HOLDER_CHAT_SETTINGS,
  type THolderChatSettings,
  type THolderTier,
} from '@mintcast/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const tiersOf = (raw: unknown): THolderTier[] =>
  (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as THolderTier[];

/** A stream's holder tiers and holder chat modes (one row per stream that set them). */
export const createHolderChatRepository = (db: Kysely<Database>) => ({
  /** The settings, defaults when never set; undefined when the stream does not exist. */
  async settings(mint: string): Promise<THolderChatSettings | undefined> {
    const row = await db
      .selectFrom('streams as s')
      .leftJoin('holder_chat_settings as hs', 'hs.stream_id', 's.mint')
      .select(['s.mint', 'hs.tiers', 'hs.holders_only', 'hs.nonholder_slow_seconds'])
      .where('s.mint', '=', mint)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      tiers: row.tiers == null ? DEFAULT_HOLDER_CHAT_SETTINGS.tiers : tiersOf(row.tiers),
      holders_only: row.holders_only ?? DEFAULT_HOLDER_CHAT_SETTINGS.holders_only,
      nonholder_slow_seconds:
        row.nonholder_slow_seconds ?? DEFAULT_HOLDER_CHAT_SETTINGS.nonholder_slow_seconds,
    };
  },

  /** The tiers only (the badges' lookup): none when never set. */
  async tiers(mint: string): Promise<THolderTier[]> {
    const row = await db
      .selectFrom('holder_chat_settings')
      .select('tiers')
      .where('stream_id', '=', mint)
      .executeTakeFirst();
    return row ? tiersOf(row.tiers) : [];
  },

  async save(
    mint: string,
    values: { tiers?: THolderTier[]; holders_only?: boolean; nonholder_slow_seconds?: number },
  ): Promise<void> {
    const set = {
      ...(values.tiers ? { tiers: JSON.stringify(values.tiers) } : {}),
      ...(values.holders_only === undefined ? {} : { holders_only: values.holders_only }),
      ...(values.nonholder_slow_seconds === undefined
        ? {}
        : { nonholder_slow_seconds: values.nonholder_slow_seconds }),
      updated_at: new Date(),
    };
    await db
      .insertInto('holder_chat_settings')
      .values({ stream_id: mint, ...set })
      .onConflict((oc) => oc.column('stream_id').doUpdateSet(set))
      .execute();
  },
});

export type HolderChatRepository = ReturnType<typeof createHolderChatRepository>;

import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the per-stream chat tools (settings, moderators, bans, timeouts, clear) and nothing else. */
export const createModerationRepository = (db: Kysely<Database>) => ({
  /**
   * Everything the chat rules need about one message (a chat post or a tip's line), in ONE round trip: the
   * stream (its creator, settings), the author (site-wide and chat bans, timeout still running at `at`, staff,
   * follower, server-side profile, last message here), and — for the posting limit shared by every instance —
   * if the author already has `limit.count` messages in the last `limit.windowMs` (any stream), how many ms
   * until the oldest of them leaves that window (null otherwise, counted on the database's clock).
   */
  chatPostContext(mint: string, address: string, at: Date, limit: { count: number; windowMs: number }) {
    const windowSecs = limit.windowMs / 1000;
    return db
      .selectFrom('streams as s')
      .leftJoin('chat_settings as cs', 'cs.stream_id', 's.mint')
      .leftJoin('holder_chat_settings as hs', 'hs.stream_id', 's.mint')
      .leftJoin('profiles as p', (j) => j.on('p.address', '=', address))
      .leftJoin('chat_mutes as m', (j) =>
        j.onRef('m.stream_id', '=', 's.mint').on('m.user_address', '=', address).on('m.muted_until', '>', at),
      )
      .select([
        's.mint',
        's.symbol',
        's.creator_address',
        'hs.holders_only',
        'hs.nonholder_slow_seconds',
        'cs.slow_mode_seconds',
        'cs.followers_only',
        'cs.banned_words',
        'cs.link_allowlist',
        'cs.shield',
        'p.username',
        'p.profile_image',
        'm.muted_until',
      ])
      .select((eb) => [
        eb
          .exists(eb.selectFrom('platform_bans').select('address').where('address', '=', address))
          .as('platform_banned'),
        eb
          .exists(
            eb
              .selectFrom('chat_bans')
              .select('user_address')
              .whereRef('stream_id', '=', 's.mint')
              .where('user_address', '=', address),
          )
          .as('chat_banned'),
        eb
          .exists(
            eb
              .selectFrom('stream_moderators')
              .select('address')
              .whereRef('stream_id', '=', 's.mint')
              .where('address', '=', address),
          )
          .as('is_moderator'),
        eb
          .exists(
            eb
              .selectFrom('subscriptions')
              .select('user_address')
              .whereRef('stream_id', '=', 's.mint')
              .where('user_address', '=', address),
          )
          .as('follows'),
        eb
          .selectFrom('messages')
          .select('created_at')
          .whereRef('stream_id', '=', 's.mint')
          .where('user_address', '=', address)
          .orderBy('id', 'desc')
          .limit(1)
          .as('last_post_at'),
        sql<number | null>`(
          SELECT ceil(extract(epoch FROM (r.created_at + make_interval(secs => ${windowSecs}) - now())) * 1000)::int
          FROM messages r
          WHERE r.user_address = ${address} AND r.created_at > now() - make_interval(secs => ${windowSecs})
          ORDER BY r.created_at DESC
          OFFSET ${limit.count - 1} LIMIT 1
        )`.as('limit_wait_ms'),
      ])
      .where('s.mint', '=', mint)
      .executeTakeFirst();
  },

  async settings(mint: string) {
    return db.selectFrom('chat_settings').selectAll().where('stream_id', '=', mint).executeTakeFirst();
  },

  saveSettings(
    mint: string,
    values: {
      slow_mode_seconds?: number;
      followers_only?: boolean;
      banned_words?: string[];
      link_allowlist?: string[];
      shield?: boolean;
    },
  ) {
    return db
      .insertInto('chat_settings')
      .values({ stream_id: mint, ...values })
      .onConflict((oc) => oc.column('stream_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async moderators(mint: string): Promise<string[]> {
    const rows = await db
      .selectFrom('stream_moderators')
      .select('address')
      .where('stream_id', '=', mint)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.address);
  },

  async addModerator(mint: string, address: string, by: string) {
    await db
      .insertInto('stream_moderators')
      .values({ stream_id: mint, address, added_by: by })
      .onConflict((oc) => oc.columns(['stream_id', 'address']).doNothing())
      .execute();
  },

  async removeModerator(mint: string, address: string) {
    await db
      .deleteFrom('stream_moderators')
      .where('stream_id', '=', mint)
      .where('address', '=', address)
      .execute();
  },

  async ban(mint: string, address: string, by: string) {
    await db
      .insertInto('chat_bans')
      .values({ stream_id: mint, user_address: address, banned_by: by })
      .onConflict((oc) => oc.columns(['stream_id', 'user_address']).doNothing())
      .execute();
  },

  async unban(mint: string, address: string) {
    await db
      .deleteFrom('chat_bans')
      .where('stream_id', '=', mint)
      .where('user_address', '=', address)
      .execute();
  },

  async liftTimeout(mint: string, address: string) {
    await db
      .deleteFrom('chat_mutes')
      .where('stream_id', '=', mint)
      .where('user_address', '=', address)
      .execute();
  },

  /** One wallet's own standing in a chat: banned here or site-wide, and a timeout still running at `now`. */
  async selfSanction(mint: string, address: string, now: Date) {
    const [platform, chat, mute] = await Promise.all([
      db.selectFrom('platform_bans').select('address').where('address', '=', address).executeTakeFirst(),
      db
        .selectFrom('chat_bans')
        .select('user_address')
        .where('stream_id', '=', mint)
        .where('user_address', '=', address)
        .executeTakeFirst(),
      db
        .selectFrom('chat_mutes')
        .select('muted_until')
        .where('stream_id', '=', mint)
        .where('user_address', '=', address)
        .where('muted_until', '>', now)
        .executeTakeFirst(),
    ]);
    return {
      platformBanned: Boolean(platform),
      chatBanned: Boolean(chat),
      mutedUntil: mute?.muted_until ?? null,
    };
  },

  /** Bans, and timeouts still running at `now`. */
  async sanctions(mint: string, now: Date) {
    const [bans, mutes] = await Promise.all([
      db
        .selectFrom('chat_bans')
        .select('user_address')
        .where('stream_id', '=', mint)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('chat_mutes')
        .select(['user_address', 'muted_until'])
        .where('stream_id', '=', mint)
        .where('muted_until', '>', now)
        .orderBy('muted_until')
        .execute(),
    ]);
    return { bans: bans.map((b) => b.user_address), mutes };
  },

  async clear(mint: string) {
    await db.deleteFrom('messages').where('stream_id', '=', mint).execute();
  },
});

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

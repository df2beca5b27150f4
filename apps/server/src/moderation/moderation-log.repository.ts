import type { TModerationLogAction, TModerationLogEntry } from '@mintcast/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The longest detail kept (a deleted message's text is cut to this). */
const DETAIL_MAX = 200;
/** Entries the log answers with, newest first. */
export const MODERATION_LOG_PAGE = 100;

export interface ModerationLogInput {
  mint: string;
  actor: string;
  action: TModerationLogAction;
  target?: string | null;
  detail?: string;
}

/** SQL of the per-stream moderation log: who did what, when, to whom. */
export const createModerationLog = (db: Kysely<Database>) => ({
  async add(e: ModerationLogInput): Promise<void> {
    await db
      .insertInto('moderation_log')
      .values({
        stream_id: e.mint,
        actor: e.actor,
        action: e.action,
        target: e.target ?? null,
        detail: (e.detail ?? '').slice(0, DETAIL_MAX),
      })
      .execute();
  },

  async list(mint: string): Promise<TModerationLogEntry[]> {
    const rows = await db
      .selectFrom('moderation_log')
      .select(['id', 'actor', 'action', 'target', 'detail', 'created_at'])
      .where('stream_id', '=', mint)
      .orderBy('id', 'desc')
      .limit(MODERATION_LOG_PAGE)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      actor: r.actor,
      action: r.action as TModerationLogAction,
      target: r.target,
      detail: r.detail,
      created_at: new Date(r.created_at).toISOString(),
    }));
  },
});

export type ModerationLog = ReturnType<typeof createModerationLog>;

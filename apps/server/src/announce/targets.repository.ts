import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../db/schema.ts';

type Row = Database['announce_targets'];

/** SQL of a stream's announcement targets (Telegram, Discord), and nothing else. Secrets arrive sealed. */
export const createTargetsRepository = (db: Kysely<Database>) => ({
  find: (mint: string) =>
    db.selectFrom('announce_targets').selectAll().where('stream_id', '=', mint).executeTakeFirst(),

  async set(
    mint: string,
    values: Partial<
      Pick<Updateable<Row>, 'telegram_chat_id' | 'telegram_bot_token_sealed' | 'discord_webhook_sealed'> & {
        post_reminders: boolean;
      }
    >,
  ): Promise<void> {
    await db
      .insertInto('announce_targets')
      .values({ stream_id: mint, ...values })
      .onConflict((oc) => oc.column('stream_id').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
  },
});

export type TargetsRepository = ReturnType<typeof createTargetsRepository>;

import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PushSubscriptionsTable {
  endpoint: string;
  user_address: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export interface AnnounceOutboxTable {
  id: Generated<string>;
  stream_id: string;
  created_at: Timestamp;
  claimed_at: Timestamp | null;
}

export interface AnnounceTargetsTable {
  stream_id: string;
  telegram_chat_id: string | null;
  telegram_bot_token_sealed: string | null;
  discord_webhook_sealed: string | null;
  /** Scheduled-broadcast reminders are posted there too (go-lives always are). */
  post_reminders: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

export interface PushStreamMutesTable {
  user_address: string;
  stream_id: string;
  created_at: Timestamp;
}

export interface StreamSchedulesTable {
  stream_id: string;
  title: string;
  starts_at: Timestamp;
  created_at: Timestamp;
  reminded_at: Timestamp | null;
}

export interface ScheduleRemindersTable {
  stream_id: string;
  user_address: string;
  created_at: Timestamp;
}

/** The tables of go-live announcements and scheduled streams (migrations 1100–1299), merged into the app's `Database`. */
export interface ReachTables {
  push_subscriptions: PushSubscriptionsTable;
  announce_outbox: AnnounceOutboxTable;
  announce_targets: AnnounceTargetsTable;
  push_stream_mutes: PushStreamMutesTable;
  stream_schedules: StreamSchedulesTable;
  schedule_reminders: ScheduleRemindersTable;
}

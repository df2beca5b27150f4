import type { TRaidLine, TTradeAlert } from '@mintcast/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { ReachTables } from '../announce/announce.schema.ts';
import type { WebhookTables } from '../webhooks/webhooks.schema.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<number, number | undefined, number>;

export interface StreamsTable {
  mint: string;
  name: string;
  symbol: string;
  description: string | null;
  image_uri: string | null;
  metadata_uri: string | null;
  twitter: string | null;
  telegram: string | null;
  website: string | null;
  thumbnail: string | null;
  creator_address: string | null;
  is_currently_live: ColumnType<boolean, boolean | undefined, boolean>;
  num_participants: ColumnType<number, number | undefined, number>;
  usd_market_cap: Numeric;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_viewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  is_nsfw: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set by an admin: the stream is left out of every list. */
  hidden_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the current broadcast went live; null while offline (kept by the streams repository). */
  live_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** An admin marked it NSFW: the creator's upserts cannot clear the flag (only an admin can). */
  nsfw_by_admin: ColumnType<boolean, boolean | undefined, boolean>;
  /** An admin ended its broadcast: nothing sets it live until an admin allows it again. */
  live_blocked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The most viewers at once in the current or last broadcast (the recap's peak). */
  peak_participants: ColumnType<number, number | undefined, number>;
  /** Start and end of the current or last broadcast (the recap's window); end null while live. */
  last_live_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_live_ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The creator's tip goal in wei (null: none), and since when tips count toward it. */
  tip_goal_wei: ColumnType<string | null, string | null | undefined, string | null>;
  tip_goal_set_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Buy and sell alerts (issue 34): on, threshold and whale threshold (wei; null whale: 10 × threshold). */
  trade_alerts_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  trade_alert_min_wei: ColumnType<string, string | undefined, string>;
  trade_alert_whale_wei: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MessagesTable {
  id: Generated<string>;
  stream_id: string;
  user_address: string;
  username: string | null;
  profile_image: string | null;
  content: string;
  created_at: Timestamp;
  /** Tip messages only: the amount in wei (decimal text) and the transaction hash. */
  tip_wei: ColumnType<string | null, string | null | undefined, string | null>;
  tip_tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Buy and sell alert lines only: the trade (TTradeAlert), posted by the server. */
  trade: ColumnType<TTradeAlert | null, string | null | undefined, string | null>;
  /** Raid lines only: the raid (TRaidLine), posted by the server when another stream's creator raided here. */
  raid: ColumnType<TRaidLine | null, string | null | undefined, string | null>;
}

/** A swap seen on a live stream's pair (issue 34): one row per log, ever. */
export interface TradeSwapsTable {
  tx_hash: string;
  log_index: number;
  stream_id: string;
  pair: string;
  block_number: ColumnType<string, string | bigint, string | bigint>;
  block_hash: string;
  side: 'buy' | 'sell';
  bnb_wei: ColumnType<string, string, string>;
  trader: string | null;
  message_id: string | null;
  removed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Timestamp>;
}

/** A swap hash the stream page's trade panel reported. */
export interface TradeReportsTable {
  tx_hash: string;
  stream_id: string;
  reporter: string;
  created_at: Generated<Timestamp>;
}

/** A token's PancakeSwap V2 pair with WBNB (null: none), read once from the factory. */
export interface TradeAlertPairsTable {
  token: string;
  pair: string | null;
  token_is_token0: boolean | null;
  checked_at: ColumnType<Date, Date | undefined, Date>;
}

/** The alert watcher's cursor and health (one row). */
export interface TradeAlertWatchTable {
  id: number;
  last_block: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  ok_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  failed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A verified tip (issue 18): one row per transaction hash, ever. */
export interface TipsTable {
  tx_hash: string;
  stream_id: string;
  from_address: string;
  to_address: string;
  amount_wei: ColumnType<string, string, string>;
  message_id: string | null;
  created_at: Timestamp;
}

export interface LikesTable {
  stream_id: string;
  user_address: string;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  stream_id: string;
  user_address: string;
  created_at: Timestamp;
}

export interface ProfilesTable {
  address: string;
  username: string | null;
  profile_image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthNoncesTable {
  nonce: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AuthSessionsTable {
  id: string;
  address: string;
  created_at: Timestamp;
  refreshed_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_reason: string | null;
}

export interface AuthRefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ChatMutesTable {
  stream_id: string;
  user_address: string;
  muted_until: Timestamp;
  muted_by: string;
  created_at: Timestamp;
}

/** A participant currently in a media room, as reported by webhooks (live work). */
export interface LiveParticipantsTable {
  room_name: string;
  identity: string;
  /** Participant session id: a late `participant_left` of an evicted session must not remove its successor. */
  sid: string;
  role: string;
  joined_at: Timestamp;
}

/** The latest live frame of a stream, shown on its cards (live work). */
export interface StreamThumbnailsTable {
  mint: string;
  content_type: string;
  bytes: Uint8Array;
  updated_at: Timestamp;
}

/** Moderation (issue 16): one stream's chat modes and banned words. */
export interface ChatSettingsTable {
  stream_id: string;
  slow_mode_seconds: ColumnType<number, number | undefined, number>;
  followers_only: ColumnType<boolean, boolean | undefined, boolean>;
  banned_words: ColumnType<string[], string[] | undefined, string[]>;
  link_allowlist: ColumnType<string[], string[] | undefined, string[]>;
  shield: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

/** Holder-aware chat (issue 34 item 4): a stream's holder tiers (JSON) and holder chat modes. */
export interface HolderChatSettingsTable {
  stream_id: string;
  tiers: ColumnType<unknown, string | undefined, string>;
  holders_only: ColumnType<boolean, boolean | undefined, boolean>;
  nonholder_slow_seconds: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MarketSnapshotsTable {
  stream_id: string;
  at: Timestamp;
  price_usd: number;
  market_cap: number;
}

export interface ModerationLogTable {
  id: Generated<string>;
  stream_id: string;
  actor: string;
  action: string;
  target: string | null;
  detail: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface StreamModeratorsTable {
  stream_id: string;
  address: string;
  added_by: string;
  created_at: Timestamp;
}

export interface ChatBansTable {
  stream_id: string;
  user_address: string;
  banned_by: string;
  created_at: Timestamp;
}

export interface PlatformBansTable {
  address: string;
  reason: string;
  banned_by: string;
  created_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<string>;
  reporter: string;
  kind: 'stream' | 'message' | 'clip';
  stream_id: string;
  message_id: string | null;
  clip_id: ColumnType<string | null, string | null | undefined, string | null>;
  message_author: string | null;
  message_content: string | null;
  message_created_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reason: string;
  details: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: string | null;
}

export interface AdminActionsTable {
  id: Generated<string>;
  admin: string;
  action: string;
  target: string;
  reason: string;
  created_at: Timestamp;
}

/** Kysely's view of the database. Each feature adds its tables here with its migration. */
/** One WHIP stream key per stream, hashed (issue 15). */
export interface StreamKeysTable {
  stream_id: string;
  key_hash: string;
  /** The ingress's WHIP URL when LiveKit made the key; null for the embedded media server. */
  whip_url: string | null;
  ingress_id: string | null;
  /** The key itself, sealed (auth/secret-box.ts), to show it again; null for keys made before it was kept. */
  key_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A broadcast's recording (issue 30); `file_path` is relative to the recordings folder. */
export interface RecordingsTable {
  id: string;
  stream_id: string;
  file_path: string;
  egress_id: string | null;
  status: 'recording' | 'ready' | 'failed';
  started_at: Timestamp;
  ended_at: Timestamp | null;
  duration_ms: number | null;
  /** bigint in SQL: the drivers hand it back as a string. */
  size_bytes: ColumnType<string | null, number | null, number | null>;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
}

/** The creator's recording switch; no row = record. */
export interface RecordingSettingsTable {
  stream_id: string;
  enabled: boolean;
  updated_at: Generated<Timestamp>;
}

/** A clip cut from a recording (issue 30); paths are relative to the recordings folder. */
export interface ClipsTable {
  id: string;
  stream_id: string;
  recording_id: string | null;
  created_by: string;
  title: string;
  start_ms: number;
  duration_ms: number;
  width: number;
  height: number;
  file_path: string;
  poster_path: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
}

/** The creator's clip switch; no row = viewers may clip. */
export interface ClipSettingsTable {
  stream_id: string;
  enabled: boolean;
  updated_at: Timestamp;
}

/** A stream's OBS overlay key (migration 1280): its sha256 and the key sealed to show its URLs again. */
export interface OverlayKeysTable {
  stream_id: string;
  key_hash: string;
  key_sealed: string;
  created_at: Timestamp;
}

export interface Database extends ReachTables, WebhookTables {
  streams: StreamsTable;
  messages: MessagesTable;
  likes: LikesTable;
  subscriptions: SubscriptionsTable;
  profiles: ProfilesTable;
  auth_nonces: AuthNoncesTable;
  auth_sessions: AuthSessionsTable;
  auth_refresh_tokens: AuthRefreshTokensTable;
  chat_mutes: ChatMutesTable;
  live_participants: LiveParticipantsTable;
  stream_thumbnails: StreamThumbnailsTable;
  tips: TipsTable;
  chat_settings: ChatSettingsTable;
  moderation_log: ModerationLogTable;
  market_snapshots: MarketSnapshotsTable;
  stream_moderators: StreamModeratorsTable;
  chat_bans: ChatBansTable;
  platform_bans: PlatformBansTable;
  reports: ReportsTable;
  admin_actions: AdminActionsTable;
  stream_keys: StreamKeysTable;
  overlay_keys: OverlayKeysTable;
  recordings: RecordingsTable;
  recording_settings: RecordingSettingsTable;
  clips: ClipsTable;
  clip_settings: ClipSettingsTable;
  trade_swaps: TradeSwapsTable;
  trade_reports: TradeReportsTable;
  trade_alert_pairs: TradeAlertPairsTable;
  trade_alert_watch: TradeAlertWatchTable;
  holder_chat_settings: HolderChatSettingsTable;
}

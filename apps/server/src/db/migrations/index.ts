import type { Migration } from 'kysely';
import * as m0001 from './0001_streams.ts';
import * as m0100 from './0100_auth.ts';
import * as m0200 from './0200_chat_mutes.ts';
import * as m0400 from './0400_live.ts';
import * as m0500 from './0500_chat_author_recent.ts';
import * as m0510 from './0510_market_upstream_budget.ts';
import * as m0600 from './0600_tips.ts';
import * as m0700 from './0700_moderation.ts';
import * as m0800 from './0800_stream_keys.ts';
import * as m0900 from './0900_list_orders.ts';
import * as m0910 from './0910_live_since.ts';
import * as m0930 from './0930_admin_holds.ts';
import * as m0940 from './0940_broadcast_recap.ts';
import * as m0950 from './0950_tip_goal.ts';
import * as m0960 from './0960_stream_key_sealed.ts';
import * as m1000 from './1000_recordings.ts';
import * as m1010 from './1010_clips.ts';
import * as m1100 from './1100_push.ts';
import * as m1110 from './1110_announce_targets.ts';
import * as m1120 from './1120_push_stream_mutes.ts';
import * as m1130 from './1130_chat_safety.ts';
import * as m1140 from './1140_market_snapshots.ts';
import * as m1200 from './1200_search_statistics.ts';
import * as m1210 from './1210_stream_schedules.ts';
import * as m1230 from './1230_trade_alerts.ts';
import * as m1240 from './1240_webhooks.ts';
import * as m1250 from './1250_clip_reports.ts';
import * as m1260 from './1260_raids.ts';
import * as m1270 from './1270_holder_chat.ts';
import * as m1280 from './1280_overlay_keys.ts';
import * as m1310 from './1310_raid_recap.ts';
import * as m1311 from './1311_announce_reminders.ts';

/**
 * Every migration, keyed by name; they run in name order. Add new ones at the end with the next number
 * (imported statically so the same list works under tsx, Vitest and any bundler).
 */
export const migrations: Record<string, Migration> = {
  '0001_streams': m0001,
  '0100_auth': m0100,
  '0200_chat_mutes': m0200,
  '0400_live': m0400,
  '0500_chat_author_recent': m0500,
  '0510_market_upstream_budget': m0510,
  '0600_tips': m0600,
  '0700_moderation': m0700,
  '0800_stream_keys': m0800,
  '0900_list_orders': m0900,
  '0910_live_since': m0910,
  '0930_admin_holds': m0930,
  '0940_broadcast_recap': m0940,
  '0950_tip_goal': m0950,
  '0960_stream_key_sealed': m0960,
  '1000_recordings': m1000,
  '1010_clips': m1010,
  '1100_push': m1100,
  '1110_announce_targets': m1110,
  '1120_push_stream_mutes': m1120,
  '1130_chat_safety': m1130,
  '1140_market_snapshots': m1140,
  '1200_search_statistics': m1200,
  '1210_stream_schedules': m1210,
  '1230_trade_alerts': m1230,
  '1240_webhooks': m1240,
  '1250_clip_reports': m1250,
  '1260_raids': m1260,
  '1280_overlay_keys': m1280,
  '1270_holder_chat': m1270,
  '1310_raid_recap': m1310,
  '1311_announce_reminders': m1311,
};

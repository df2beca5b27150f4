import type { FastifyPluginAsync } from 'fastify';
import { adminPlugin } from './admin/admin.plugin.ts';
import { announcePlugin } from './announce/announce.plugin.ts';
import type { AppContext } from './app-context.ts';
import { chainPlugin } from './chain/chain.plugin.ts';
import { chatPlugin } from './chat/chat.plugin.ts';
import { demoPlugin } from './demo/demo.plugin.ts';
import { holderChatPlugin } from './holder-chat/holder-chat.plugin.ts';
import { httpTierPlugin } from './http-tier/http-tier.plugin.ts';
import { ingestPlugin } from './ingest/ingest.plugin.ts';
import { livePlugin } from './live/live.plugin.ts';
import { moderationPlugin } from './moderation/moderation.plugin.ts';
import { notificationsPlugin } from './notifications/notifications.plugin.ts';
import { overlaysPlugin } from './overlays/overlays.plugin.ts';
import { profilesPlugin } from './profiles/profiles.plugin.ts';
import { pushPlugin } from './push/push.plugin.ts';
import { raidsPlugin } from './raids/raids.plugin.ts';
import { realtimePlugin } from './realtime/realtime.plugin.ts';
import { recordingsPlugin } from './recordings/recordings.plugin.ts';
import { reportsPlugin } from './reports/reports.plugin.ts';
import { schedulesPlugin } from './schedules/schedules.plugin.ts';
import { streamsPlugin } from './streams/streams.plugin.ts';
import { tokensPlugin } from './tokens/tokens.plugin.ts';
import { tradeAlertsPlugin } from './trade-alerts/trade-alerts.plugin.ts';
import { webhooksPlugin } from './webhooks/webhooks.plugin.ts';

/**
 * Feature plugins (streams, chat, market data, live video, profiles…), registered in this order after auth and
 * platform bans. Each feature exports one plugin taking `{ ctx }`, named in plugin-names.ts, with the plugins
 * it needs in its `dependencies`: one listed before what it needs fails at boot (test/plugin-order.test.ts).
 */
export const featurePlugins: FastifyPluginAsync<{ ctx: AppContext }>[] = [
  streamsPlugin,
  realtimePlugin,
  chatPlugin,
  chainPlugin,
  tradeAlertsPlugin, // after chat: its lines go out on the chat's channel
  raidsPlugin, // after chat: its lines go out on the chat's channel
  holderChatPlugin, // holder badges and the holder chat settings (the chat enforces the modes)
  tokensPlugin,
  httpTierPlugin, // before live: a full stream's viewers are sent to the HTTP tier (app.httpTier)
  livePlugin,
  ingestPlugin,
  notificationsPlugin, // after realtime: pushes go-live events to followers' own channels
  announcePlugin, // after realtime: go-live push, Telegram and Discord, sent by the leader
  pushPlugin,
  schedulesPlugin,
  profilesPlugin,
  moderationPlugin,
  reportsPlugin,
  adminPlugin,
  recordingsPlugin,
  webhooksPlugin, // creator webhooks: pg-boss workers on every instance
  overlaysPlugin, // after realtime: guards the overlay channel and delivers follows to it
  demoPlugin,
];

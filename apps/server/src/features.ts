import type { FastifyPluginAsync } from 'fastify';
import { adminPlugin } from './admin/admin.plugin.ts';
import { announcePlugin } from './announce/announce.plugin.ts';
import type { AppContext } from './app-context.ts';
import { chainPlugin } from './chain/chain.plugin.ts';
import { chatPlugin } from './chat/chat.plugin.ts';
import { demoPlugin } from './demo/demo.plugin.ts';
import { ingestPlugin } from './ingest/ingest.plugin.ts';
import { livePlugin } from './live/live.plugin.ts';
import { moderationPlugin } from './moderation/moderation.plugin.ts';
import { notificationsPlugin } from './notifications/notifications.plugin.ts';
import { profilesPlugin } from './profiles/profiles.plugin.ts';
import { pushPlugin } from './push/push.plugin.ts';
import { realtimePlugin } from './realtime/realtime.plugin.ts';
import { reportsPlugin } from './reports/reports.plugin.ts';
import { tokensPlugin } from './tokens/tokens.plugin.ts';

/**
 * Feature route plugins (market data, chat, live video, profiles…), registered after auth and streams.
 * Each feature exports one plugin taking `{ ctx }` and adds itself to this list.
 */
export const featurePlugins: FastifyPluginAsync<{ ctx: AppContext }>[] = [
  realtimePlugin, // before chat: chat publishes and delivers through app.realtime
  chatPlugin,
  chainPlugin, // after chat: a tip is a chat message
  tokensPlugin,
  livePlugin,
  ingestPlugin,
  notificationsPlugin, // after realtime: pushes go-live events to followers' own channels
  announcePlugin, // after realtime: go-live push, Telegram and Discord, sent by the leader
  pushPlugin,
  profilesPlugin,
  moderationPlugin, // after realtime: pushes chat modes to open chats
  reportsPlugin,
  adminPlugin,
  demoPlugin, // last: publishes into rooms whose webhooks the live plugin handles
];

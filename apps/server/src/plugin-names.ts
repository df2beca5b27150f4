/**
 * The names the app's plugins register under (fastify-plugin `name`). A plugin that needs another one's
 * decorators lists its name in `dependencies`, so registering them in the wrong order fails at boot, naming both.
 */
export const PLUGIN = {
  auth: 'mintcast-auth',
  platformBans: 'mintcast-platform-bans',
  realtime: 'mintcast-realtime',
  streams: 'mintcast-streams',
  chat: 'mintcast-chat',
  chain: 'mintcast-chain',
  tradeAlerts: 'mintcast-trade-alerts',
  holderChat: 'mintcast-holder-chat',
  tokens: 'mintcast-tokens',
  httpTier: 'mintcast-http-tier',
  live: 'mintcast-live',
  ingest: 'mintcast-ingest',
  notifications: 'mintcast-notifications',
  profiles: 'mintcast-profiles',
  moderation: 'mintcast-moderation',
  reports: 'mintcast-reports',
  admin: 'mintcast-admin',
  recordings: 'mintcast-recordings',
  announce: 'mintcast-announce',
  push: 'mintcast-push',
  schedules: 'mintcast-schedules',
  webhooks: 'mintcast-webhooks',
  raids: 'mintcast-raids',
  overlays: 'mintcast-overlays',
  demo: 'mintcast-demo',
} as const;

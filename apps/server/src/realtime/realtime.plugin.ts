import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { REALTIME_CLOSE, REALTIME_MAX_CLIENT_FRAME, REALTIME_MAX_SUBSCRIPTIONS } from '@mintcast/contracts';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createHub, type Hub, type HubSettings } from './hub.ts';
import { createPresence, type Presence, type PresenceSettings } from './presence.ts';
import { createPubSub, type PubSub } from './pubsub.ts';
import { realtimeRoutes } from './realtime.routes.ts';

export const DEFAULT_HUB_SETTINGS: HubSettings = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  maxSubscriptions: REALTIME_MAX_SUBSCRIPTIONS,
  // Short next to chat's p99 budget (100 ms); under load it turns a burst into one write per socket.
  coalesceMs: 5,
};

export const DEFAULT_PRESENCE_SETTINGS: PresenceSettings = {
  announceMs: 5_000,
  ttlMs: 16_000,
  debounceMs: 100,
  pushThrottleMs: 500,
};

/** Whether a subscription's `token` opens a private channel (a feature's own secret, e.g. an overlay key). */
export type ChannelGuard = (channel: string, token: string) => Promise<boolean>;

export interface Realtime {
  instanceId: string;
  pubsub: PubSub;
  hub: Hub;
  presence: Presence;
  /** Make the channels starting with `prefix` private: a subscription needs a token `check` accepts. */
  guardChannels(prefix: string, check: ChannelGuard): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Realtime: the LISTEN/NOTIFY pub/sub of this instance, its socket hub, cross-instance presence and the
 * `/api/realtime` WebSocket. Exposed as `app.realtime` so features (chat) can publish and deliver.
 */
export const realtimePlugin = fp(
  async (app, opts: { ctx: AppContext }) => {
    const { ctx } = opts;
    const instanceId = randomUUID();
    const hub = createHub({ ...DEFAULT_HUB_SETTINGS });
    const pubsub = await createPubSub(ctx.database, {
      onConnectionChange: (state, err) => {
        if (state === 'lost') return app.log.warn({ err }, 'realtime: LISTEN connection lost, reconnecting');
        app.log.info('realtime: LISTEN connection restored');
        // Notifications sent while it was down are gone: make clients reconnect and fill the gap from history.
        hub.disconnectAll(REALTIME_CLOSE.resync, 'Resync');
      },
    });
    const presence = createPresence({
      hub,
      pubsub,
      instanceId,
      settings: { ...DEFAULT_PRESENCE_SETTINGS },
      onError: (err) => app.log.warn({ err }, 'realtime: presence announcement failed'),
    });
    await presence.start();
    const guards = new Map<string, ChannelGuard>();
    app.decorate('realtime', {
      instanceId,
      pubsub,
      hub,
      presence,
      guardChannels: (prefix: string, check: ChannelGuard) => void guards.set(prefix, check),
    });
    ctx.metrics.countSockets('realtime', () => hub.socketCount());

    await app.register(websocket, { options: { maxPayload: REALTIME_MAX_CLIENT_FRAME } });
    await app.register(realtimeRoutes, {
      hub,
      presence,
      allowedOrigins: ctx.config.allowedOrigins,
      socketsPerAddress: ctx.caps.socketsPerAddress,
      authenticate: (token) => app.auth.authenticate(token),
      guardOf: (channel: string) => [...guards].find(([prefix]) => channel.startsWith(prefix))?.[1],
    });

    app.addHook('onClose', async () => {
      hub.close();
      await presence.stop();
      await pubsub.close();
    });
  },
  // The socket authenticates its token with the auth plugin's service.
  { name: PLUGIN.realtime, dependencies: [PLUGIN.auth] },
);

import {
  isNotificationsChannel,
  notificationsChannelFor,
  REALTIME_CLOSE,
  REALTIME_PATH,
  type TRealtimeEvent,
  ZRealtimeClientMessage,
} from '@mintcast/contracts';
import type { FastifyInstance } from 'fastify';
import { createAddressCounter } from '../http/client-caps.ts';
import { AppError, forbidden } from '../http/errors.ts';
import type { Hub } from './hub.ts';
import type { Presence } from './presence.ts';

/** Client frames allowed per socket: a burst, refilled per second (subscribe churn, pings). */
const FRAME_BURST = 30;
const FRAMES_PER_SECOND = 10;

/** `GET /api/realtime`: the WebSocket. HTTP concerns (origin) and frame parsing only. */
export const realtimeRoutes = async (
  app: FastifyInstance,
  opts: {
    hub: Hub;
    presence: Presence;
    allowedOrigins: string[];
    socketsPerAddress: number;
    /** The wallet an access token belongs to (throws when it is not valid): guards `notifications_{address}`. */
    authenticate: (token: string) => Promise<{ address: string }>;
    /** The guard of a private channel a feature registered (overlays), if any. */
    guardOf: (channel: string) => ((channel: string, token: string) => Promise<boolean>) | undefined;
  },
) => {
  const { hub, presence } = opts;
  const sockets = createAddressCounter(opts.socketsPerAddress);
  const allowed = new Set(opts.allowedOrigins);

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    // Browsers always send Origin on a WebSocket handshake; refusing foreign ones stops other sites from
    // opening sockets in a visitor's name. Non-browser clients (no Origin) are allowed.
    preValidation: async (request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !allowed.has(origin)) throw forbidden('Origin not allowed');
    },
    // A plain GET (no Upgrade) gets the API's error shape instead of @fastify/websocket's empty 404.
    handler: async () => {
      throw new AppError(
        426,
        'upgrade_required',
        `${REALTIME_PATH} is a WebSocket: connect with Upgrade: websocket`,
      );
    },
    wsHandler: (socket, request) => {
      // Accepted then closed (not refused at the handshake) so a browser can read the reason.
      const release = sockets.acquire(request.ip);
      if (!release) {
        socket.close(REALTIME_CLOSE.tooManyConnections, 'Too many connections from your address');
        return;
      }
      socket.once('close', release);
      const client = hub.attach(socket);
      let tokens = FRAME_BURST;
      let at = Date.now();
      const reply = (event: TRealtimeEvent) => hub.send(client, event);
      const subscribe = (channel: string) => {
        const result = hub.subscribe(client, channel);
        if (result === 'limit') {
          reply({
            type: 'error',
            code: 'too_many_subscriptions',
            message: `At most ${hub.settings.maxSubscriptions} subscriptions per connection`,
            channel,
          });
          return;
        }
        reply({ type: 'subscribed', channel, online: presence.total(channel) });
      };

      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => hub.detach(client));
      socket.on('error', () => socket.terminate());
      socket.on('message', (data, isBinary) => {
        client.alive = true;
        const now = Date.now();
        tokens = Math.min(FRAME_BURST, tokens + ((now - at) / 1000) * FRAMES_PER_SECOND);
        at = now;
        if (tokens < 1) {
          reply({ type: 'error', code: 'rate_limited', message: 'Too many realtime messages' });
          socket.close(REALTIME_CLOSE.protocolError, 'Too many messages');
          return;
        }
        tokens -= 1;
        let parsed: ReturnType<typeof ZRealtimeClientMessage.safeParse>;
        try {
          parsed = ZRealtimeClientMessage.safeParse(isBinary ? null : JSON.parse(data.toString()));
        } catch {
          parsed = ZRealtimeClientMessage.safeParse(null);
        }
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          reply({ type: 'error', code: 'bad_message', message: issue?.message ?? 'Invalid message' });
          return;
        }
        const msg = parsed.data;
        switch (msg.type) {
          case 'ping':
            reply({ type: 'pong', ...(msg.id ? { id: msg.id } : {}) });
            return;
          case 'subscribe': {
            if (isNotificationsChannel(msg.channel)) {
              const channel = msg.channel;
              const refuse = () =>
                reply({
                  type: 'error',
                  code: 'unauthorized',
                  message: 'Sign in as this wallet to receive its notifications',
                  channel,
                });
              if (!msg.token) return refuse();
              opts.authenticate(msg.token).then(
                (session) => {
                  if (notificationsChannelFor(session.address) !== channel) return refuse();
                  if (socket.readyState === socket.OPEN) subscribe(channel);
                },
                () => refuse(),
              );
              return;
            }
            const guard = opts.guardOf(msg.channel);
            if (guard) {
              const channel = msg.channel;
              const refuse = () =>
                reply({
                  type: 'error',
                  code: 'unauthorized',
                  message: 'This channel needs its key',
                  channel,
                });
              if (!msg.token) return refuse();
              guard(channel, msg.token).then(
                (ok) => {
                  if (!ok) return refuse();
                  if (socket.readyState === socket.OPEN) subscribe(channel);
                },
                () => refuse(),
              );
              return;
            }
            subscribe(msg.channel);
            return;
          }
          case 'unsubscribe':
            hub.unsubscribe(client, msg.channel);
            reply({ type: 'unsubscribed', channel: msg.channel });
            return;
        }
      });
    },
  });
};

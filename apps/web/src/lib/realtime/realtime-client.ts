import { REALTIME_PATH, type TRealtimeClientMessage, type TRealtimeEvent } from '@mintcast/contracts';
import { reconnectDelay } from './backoff.ts';

/** `open` fires on every (re)connection once the channel is subscribed: the moment to fill gaps. */
export type ChannelStatus = 'connecting' | 'open' | 'reconnecting';

export interface ChannelHandlers {
  onEvent(event: TRealtimeEvent): void;
  onStatus(status: ChannelStatus): void;
}

/** Client-side liveness: ping when quiet, give up on a socket that stays silent. */
const PING_EVERY_MS = 20_000;
const SILENCE_LIMIT_MS = 45_000;

type EventSchema = typeof import('@mintcast/contracts/realtime')['ZRealtimeEvent'];

/**
 * The event union (with the chat and moderation schemas it is made of) is built when the first socket opens,
 * not while the app starts: this module is in the first chunk, and building those schemas was part of the
 * start-up's long task (decision 017). A failed load is tried again with the next connection.
 */
let eventSchema: EventSchema | undefined;
let loading: Promise<EventSchema> | undefined;
const loadEventSchema = (): Promise<EventSchema> => {
  loading ??= import('@mintcast/contracts/realtime').then(
    (m) => {
      eventSchema = m.ZRealtimeEvent;
      return eventSchema;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

const socketUrl = (): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
};

/**
 * One WebSocket per tab, shared by every channel subscriber. Opens on the first subscription, closes after
 * the last, reconnects with back-off and re-subscribes after any drop.
 */
export const createRealtimeClient = (url: () => string = socketUrl) => {
  const channels = new Map<string, Set<ChannelHandlers>>();
  /** Channels that need an access token on every (re)subscription: a wallet's own notifications. */
  const tokens = new Map<string, () => string | null>();
  const subscribeFrame = (channel: string): TRealtimeClientMessage => {
    const token = tokens.get(channel)?.();
    return { type: 'subscribe', channel, ...(token ? { token } : {}) };
  };
  let ws: WebSocket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pinger: ReturnType<typeof setInterval> | undefined;
  let lastFrameAt = 0;
  let everOpened = false;

  const send = (msg: TRealtimeClientMessage) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  };
  const statusAll = (status: ChannelStatus) => {
    for (const set of channels.values()) for (const h of set) h.onStatus(status);
  };

  const connect = () => {
    clearTimeout(retry);
    retry = undefined;
    const socket = new WebSocket(url());
    ws = socket;
    const schemaLoad = loadEventSchema();
    // Until the event schema is in, this socket's frames and its close wait for it, in arrival order (callbacks
    // of one promise run in the order they were added); then they are handled at once, as they arrive.
    const inOrder = (handle: () => void) => {
      if (eventSchema) handle();
      else void schemaLoad.then(handle, handle);
    };
    schemaLoad.catch(() => socket.close());
    const dispatch = (event: TRealtimeEvent) => {
      if (event.type === 'pong') return;
      const channel = 'channel' in event ? event.channel : undefined;
      const targets = channel ? channels.get(channel) : undefined;
      if (!targets) return;
      for (const h of targets) {
        if (event.type === 'subscribed') h.onStatus('open');
        h.onEvent(event);
      }
    };
    socket.onopen = () => {
      attempt = 0;
      lastFrameAt = Date.now();
      everOpened = true;
      for (const channel of channels.keys()) send(subscribeFrame(channel));
      clearInterval(pinger);
      pinger = setInterval(() => {
        if (Date.now() - lastFrameAt > SILENCE_LIMIT_MS) socket.close();
        else if (Date.now() - lastFrameAt > PING_EVERY_MS) send({ type: 'ping' });
      }, PING_EVERY_MS / 2);
    };
    socket.onmessage = (msg) => {
      lastFrameAt = Date.now();
      let data: unknown;
      try {
        data = JSON.parse(String(msg.data));
      } catch {
        return;
      }
      inOrder(() => {
        if (!eventSchema) return; // its load failed: the socket closes and the next connection tries again
        // The server writes several events due at once as one JSON array (issue 19).
        for (const item of Array.isArray(data) ? data : [data]) {
          const parsed = eventSchema.safeParse(item);
          if (parsed.success) dispatch(parsed.data); // else: an event from a newer server we do not understand
        }
      });
    };
    socket.onclose = () =>
      inOrder(() => {
        if (ws !== socket) return;
        ws = null;
        clearInterval(pinger);
        if (channels.size === 0) return;
        statusAll('reconnecting');
        retry = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      });
  };

  return {
    /** `token`: read at every (re)subscription, for channels that are private to a signed-in wallet. */
    subscribe(channel: string, handlers: ChannelHandlers, token?: () => string | null): () => void {
      if (token) tokens.set(channel, token);
      let set = channels.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        channels.set(channel, set);
      }
      set.add(handlers);
      handlers.onStatus(ws?.readyState === WebSocket.OPEN || !everOpened ? 'connecting' : 'reconnecting');
      if (!ws && !retry) connect();
      else if (isNew) send(subscribeFrame(channel));
      return () => {
        const s = channels.get(channel);
        if (!s?.delete(handlers) || s.size > 0) return;
        channels.delete(channel);
        tokens.delete(channel);
        send({ type: 'unsubscribe', channel });
        if (channels.size === 0) {
          clearTimeout(retry);
          retry = undefined;
          const socket = ws;
          ws = null;
          clearInterval(pinger);
          socket?.close();
        }
      };
    },
  };
};

let shared: ReturnType<typeof createRealtimeClient> | null = null;
/** The tab's realtime connection. */
export const realtimeClient = () => {
  shared ??= createRealtimeClient();
  return shared;
};

import { REALTIME_CLOSE, type TRealtimeEvent } from '@mintcast/contracts';
import type { WebSocket } from 'ws';

export interface HubSettings {
  /** Ping interval; a socket that has not answered the previous ping by the next one is dropped. */
  heartbeatMs: number;
  /** A socket whose unsent bytes exceed this is disconnected instead of buffering more. */
  maxBufferedBytes: number;
  maxSubscriptions: number;
}

export interface RealtimeClient {
  readonly socket: WebSocket;
  readonly channels: Set<string>;
  alive: boolean;
}

export type SubscribeResult = 'subscribed' | 'already' | 'limit';

/**
 * This instance's sockets and their channel subscriptions. Delivery serialises and UTF-8-encodes each
 * event once and hands the same bytes to every subscriber (as a text frame); slow sockets are cut off rather than buffered without bound.
 */
export const createHub = (initial: HubSettings) => {
  const settings = { ...initial };
  const clients = new Set<RealtimeClient>();
  const channels = new Map<string, Set<RealtimeClient>>();
  const countListeners = new Set<(channel: string) => void>();
  let heartbeat: NodeJS.Timeout | undefined;
  const stats = { delivered: 0, droppedSlow: 0, droppedDead: 0 };

  const countChanged = (channel: string) => {
    for (const l of countListeners) l(channel);
  };

  const sendRaw = (client: RealtimeClient, frame: Buffer): boolean => {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > settings.maxBufferedBytes) {
      stats.droppedSlow += 1;
      socket.terminate(); // the 'close' event detaches it
      return false;
    }
    socket.send(frame, { binary: false });
    stats.delivered += 1;
    return true;
  };

  const unsubscribe = (client: RealtimeClient, channel: string): boolean => {
    if (!client.channels.delete(channel)) return false;
    const set = channels.get(channel);
    set?.delete(client);
    if (set?.size === 0) channels.delete(channel);
    countChanged(channel);
    return true;
  };

  const beat = () => {
    for (const client of clients) {
      if (!client.alive) {
        stats.droppedDead += 1;
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        client.socket.terminate();
      }
    }
  };

  const restartHeartbeat = () => {
    clearInterval(heartbeat);
    heartbeat = setInterval(beat, settings.heartbeatMs);
    heartbeat.unref();
  };
  restartHeartbeat();

  return {
    settings,
    stats,
    /** Change settings at run time (tests shorten the heartbeat and the buffer cap). */
    tune(next: Partial<HubSettings>) {
      Object.assign(settings, next);
      if (next.heartbeatMs !== undefined) restartHeartbeat();
    },

    attach(socket: WebSocket): RealtimeClient {
      const client: RealtimeClient = { socket, channels: new Set(), alive: true };
      clients.add(client);
      return client;
    },

    detach(client: RealtimeClient) {
      if (!clients.delete(client)) return;
      for (const channel of [...client.channels]) unsubscribe(client, channel);
    },

    subscribe(client: RealtimeClient, channel: string): SubscribeResult {
      if (client.channels.has(channel)) return 'already';
      if (client.channels.size >= settings.maxSubscriptions) return 'limit';
      client.channels.add(channel);
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
      }
      set.add(client);
      countChanged(channel);
      return 'subscribed';
    },

    unsubscribe,

    send(client: RealtimeClient, event: TRealtimeEvent) {
      sendRaw(client, Buffer.from(JSON.stringify(event)));
    },

    /** Deliver one event to every local subscriber of its channel. */
    deliver(channel: string, event: TRealtimeEvent) {
      const set = channels.get(channel);
      if (!set || set.size === 0) return;
      // Encoded once for every subscriber. Iterating the live set is safe: a socket cut off here leaves it
      // on its asynchronous 'close' event, and a Set's iterator tolerates deletions anyway.
      const frame = Buffer.from(JSON.stringify(event));
      for (const client of set) sendRaw(client, frame);
    },

    localCount: (channel: string): number => channels.get(channel)?.size ?? 0,
    localChannels: (): string[] => [...channels.keys()],
    socketCount: (): number => clients.size,

    onCountChange(listener: (channel: string) => void): () => void {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },

    /** Close every socket with `code` so clients reconnect (and refetch what they may have missed). */
    disconnectAll(code: number, reason: string) {
      for (const client of clients) client.socket.close(code, reason);
    },

    /** Stop the heartbeat and close every socket (server shutdown). */
    close() {
      clearInterval(heartbeat);
      for (const client of clients) client.socket.close(REALTIME_CLOSE.shuttingDown, 'Server shutting down');
    },
  };
};

export type Hub = ReturnType<typeof createHub>;

import { REALTIME_CLOSE, type TRealtimeEvent } from '@mintcast/contracts';
import type { WebSocket } from 'ws';

export interface HubSettings {
  /** Ping interval; a socket that has not answered the previous ping by the next one is dropped. */
  heartbeatMs: number;
  /** A socket whose unsent bytes exceed this is disconnected instead of buffering more. */
  maxBufferedBytes: number;
  maxSubscriptions: number;
  /**
   * Deliveries to one socket within this window go out as one write: a single event as itself, several as
   * a JSON array of them (0: everything due in the same turn of the event loop).
   */
  coalesceMs?: number;
}

/** A socket's outbox is written at once when it holds this much, whatever the window. */
const FLUSH_BYTES = 16 * 1024;

export interface RealtimeClient {
  readonly socket: WebSocket;
  readonly channels: Set<string>;
  alive: boolean;
  /** Encoded events waiting for this socket's next write, and their size. */
  outbox: Buffer[];
  outboxBytes: number;
  /** Writes handed to `ws` whose completion has not been reported yet (see createHub). */
  inFlight: number;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

export type SubscribeResult = 'subscribed' | 'already' | 'limit';

/**
 * This instance's sockets and their channel subscriptions. Delivery serialises and UTF-8-encodes each
 * event once and queues the same bytes for every subscriber; each socket's queue is written as one text
 * frame per short window (issue 19: one write per socket carrying every event due, instead of one write
 * per event per socket), so the chat notification chain only queues and never waits on sockets. A socket
 * whose unsent bytes (queued here plus buffered in `ws`) pass `maxBufferedBytes` is cut off rather than
 * buffered without bound.
 *
 * A socket with bytes still buffered in user space (its kernel buffer is full: a viewer reading slower than
 * we send) gets no new write until its writes complete (issue 36): its events wait in its outbox, as
 * references to the encoded frames every subscriber shares, and go out as one frame then. Handing each
 * window's frame to `ws` regardless parked a write request (a frame header, a stream entry, a callback) per
 * socket per window in memory for every lagging viewer: the chat server's RSS grew over a run.
 */
export const createHub = (initial: HubSettings) => {
  const settings = { ...initial };
  const clients = new Set<RealtimeClient>();
  const channels = new Map<string, Set<RealtimeClient>>();
  const countListeners = new Set<(channel: string) => void>();
  let heartbeat: NodeJS.Timeout | undefined;
  const stats = { delivered: 0, writes: 0, droppedSlow: 0, droppedDead: 0 };

  const countChanged = (channel: string) => {
    for (const l of countListeners) l(channel);
  };

  /** Cut off a socket that cannot keep up; false if it is (or now is) not writable. */
  const writable = (client: RealtimeClient): boolean => {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount + client.outboxBytes > settings.maxBufferedBytes) {
      stats.droppedSlow += 1;
      client.outbox = [];
      client.outboxBytes = 0;
      socket.terminate(); // the 'close' event detaches it
      return false;
    }
    return true;
  };

  /**
   * The JSON array of several events, built once per distinct list within one flush: every subscriber of a
   * channel (that has no other channel) queued the very same frames in the same order, so under a backlog
   * 2,000 sockets share one array instead of copying 2,000 of them.
   */
  let batches = new Map<Buffer, { events: Buffer[]; frame: Buffer }[]>();
  const sameFrames = (a: Buffer[], b: Buffer[]) => a.length === b.length && a.every((e, i) => e === b[i]);
  const batchOf = (events: Buffer[]): Buffer => {
    const first = events[0] as Buffer;
    const known = batches.get(first);
    const hit = known?.find((b) => sameFrames(b.events, events));
    if (hit) return hit.frame;
    const parts: Buffer[] = [OPEN];
    for (const [i, e] of events.entries()) parts.push(...(i ? [COMMA, e] : [e]));
    parts.push(CLOSE);
    const frame = Buffer.concat(parts);
    // A few variants per first frame (sockets on several channels); past that, build without keeping.
    if (!known) batches.set(first, [{ events, frame }]);
    else if (known.length < 4) known.push({ events, frame });
    return frame;
  };

  /** Whether a socket's earlier writes are still buffered in user space (they did not fit the kernel's). */
  const backedUp = (client: RealtimeClient) => client.inFlight > 0 && client.socket.bufferedAmount > 0;

  /**
   * Write a socket's queued events as one frame (the event itself, or a JSON array of several), unless its
   * earlier writes are backed up: then they wait, and go when those complete.
   */
  const flush = (client: RealtimeClient) => {
    const events = client.outbox;
    if (events.length === 0 || backedUp(client)) return;
    client.outbox = [];
    client.outboxBytes = 0;
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    client.inFlight += 1;
    socket.send(events.length === 1 ? (events[0] as Buffer) : batchOf(events), { binary: false }, () => {
      client.inFlight -= 1;
      flush(client);
    });
    stats.delivered += events.length;
    stats.writes += 1;
  };

  const pending = new Set<RealtimeClient>();
  let flushTimer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  const flushAll = () => {
    flushTimer = undefined;
    for (const client of pending) flush(client);
    pending.clear();
    batches = new Map();
  };

  const enqueue = (client: RealtimeClient, frame: Buffer) => {
    if (!writable(client)) return;
    client.outbox.push(frame);
    client.outboxBytes += frame.length;
    if (client.outboxBytes >= FLUSH_BYTES) {
      pending.delete(client);
      flush(client);
      return;
    }
    pending.add(client);
    if (flushTimer) return;
    const window = settings.coalesceMs ?? 0;
    flushTimer = window > 0 ? setTimeout(flushAll, window) : setImmediate(flushAll);
  };

  /**
   * Direct replies (subscribed, pong, errors) go out at once, after whatever the socket has queued: as the
   * next write, or with the queued events when the socket is backed up.
   */
  const sendNow = (client: RealtimeClient, frame: Buffer) => {
    if (!writable(client)) return;
    pending.delete(client);
    client.outbox.push(frame);
    client.outboxBytes += frame.length;
    flush(client);
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
      const client: RealtimeClient = {
        socket,
        channels: new Set(),
        alive: true,
        outbox: [],
        outboxBytes: 0,
        inFlight: 0,
      };
      clients.add(client);
      return client;
    },

    detach(client: RealtimeClient) {
      if (!clients.delete(client)) return;
      pending.delete(client);
      client.outbox = [];
      client.outboxBytes = 0;
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
      sendNow(client, Buffer.from(JSON.stringify(event)));
    },

    /**
     * Queue one event for every local subscriber of its channel (written within the coalescing window);
     * returns how many sockets it was queued to.
     */
    deliver(channel: string, event: TRealtimeEvent): number {
      const set = channels.get(channel);
      if (!set || set.size === 0) return 0;
      // Encoded once for every subscriber. Iterating the live set is safe: a socket cut off here leaves it
      // on its asynchronous 'close' event, and a Set's iterator tolerates deletions anyway.
      const frame = Buffer.from(JSON.stringify(event));
      for (const client of set) enqueue(client, frame);
      return set.size;
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
      flushAll();
      for (const client of clients) client.socket.close(REALTIME_CLOSE.shuttingDown, 'Server shutting down');
    },
  };
};

export type Hub = ReturnType<typeof createHub>;

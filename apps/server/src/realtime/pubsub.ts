import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../db/database.ts';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; senders fall back to ids above this. */
export const NOTIFY_MAX_PAYLOAD_BYTES = 7_900;

export type PubSubListener = (payload: string) => void;

/**
 * Publish/subscribe over PostgreSQL LISTEN/NOTIFY, the same on PGlite (one process) and PostgreSQL
 * (every instance). Topic names are logical; the physical channel is prefixed with the database
 * namespace so parallel test schemas on one server never hear each other.
 */
export interface PubSub {
  readonly namespace: string;
  /** The physical channel name of a topic (lower-case identifier, safe to use unquoted). */
  channelOf(topic: string): string;
  publish(topic: string, payload: string): Promise<void>;
  subscribe(topic: string, listener: PubSubListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const sanitize = (text: string): string => text.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/** `mc_{namespace}_{topic}`, shortened with a hash when it would pass PostgreSQL's 63-byte identifiers. */
export const physicalChannel = (namespace: string, topic: string): string => {
  const name = `mc_${sanitize(namespace)}_${sanitize(topic)}`;
  if (name.length <= 63) return name;
  let h = 0;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${h.toString(16).padStart(8, '0')}`;
};

/** `application_name` of the dedicated LISTEN connection. */
export const listenerApplicationName = (namespace: string): string =>
  `mintcast_listen_${namespace}`.slice(0, 63);

const namespaceOf = (database: DatabaseHandle): string =>
  database.target.kind === 'postgres' ? (database.target.schema ?? 'public') : 'local';

export const assertPayloadSize = (payload: string): void => {
  if (Buffer.byteLength(payload) > NOTIFY_MAX_PAYLOAD_BYTES)
    throw new Error(`NOTIFY payload too large (${Buffer.byteLength(payload)} bytes)`);
};

export interface PubSubOptions {
  /** Called when the PostgreSQL listener connection drops and when it is back (for logs). */
  onConnectionChange?: (state: 'lost' | 'restored', err?: unknown) => void;
  /** Reconnect back-off: first delay and cap, in ms. */
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
}

/** Open the PubSub for a database handle: PGlite listens in-process, PostgreSQL on one dedicated client. */
export const createPubSub = async (database: DatabaseHandle, opts: PubSubOptions = {}): Promise<PubSub> => {
  const namespace = namespaceOf(database);
  const channelOf = (topic: string) => physicalChannel(namespace, topic);
  const publish = async (topic: string, payload: string) => {
    assertPayloadSize(payload);
    await sql`select pg_notify(${channelOf(topic)}, ${payload})`.execute(database.db);
  };

  if (database.pglite) {
    const pglite = database.pglite;
    const unsubs = new Set<() => Promise<void>>();
    return {
      namespace,
      channelOf,
      publish,
      async subscribe(topic, listener) {
        const stop = await pglite.listen(channelOf(topic), listener);
        const unsub = async () => {
          if (!unsubs.delete(unsub)) return;
          if (!pglite.closed) await stop();
        };
        unsubs.add(unsub);
        return unsub;
      },
      async close() {
        await Promise.all([...unsubs].map((u) => u()));
      },
    };
  }
  if (!database.pgConfig) throw new Error('PubSub needs PGlite or a PostgreSQL connection config');
  return createPgListener(database.pgConfig, namespace, channelOf, publish, opts);
};

/** One dedicated `pg.Client` holding every LISTEN of this instance, reconnected with back-off. */
const createPgListener = async (
  config: pg.ClientConfig,
  namespace: string,
  channelOf: (topic: string) => string,
  publish: PubSub['publish'],
  opts: PubSubOptions,
): Promise<PubSub> => {
  const listeners = new Map<string, Set<PubSubListener>>();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  const base = opts.reconnectBaseMs ?? 250;
  const max = opts.reconnectMaxMs ?? 10_000;

  const connect = async (): Promise<void> => {
    // Named per namespace so operators (and tests) can find this instance's listener in pg_stat_activity.
    const c = new pg.Client({ ...config, application_name: listenerApplicationName(namespace) });
    c.on('notification', (msg) => {
      for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
    });
    c.on('error', (err) => dropped(c, err));
    c.on('end', () => dropped(c));
    await c.connect();
    for (const channel of listeners.keys()) await c.query(`LISTEN ${channel}`);
    client = c;
  };

  const dropped = (c: pg.Client, err?: unknown) => {
    if (client !== c || closed) return;
    client = null;
    c.removeAllListeners('end');
    c.end().catch(() => undefined);
    opts.onConnectionChange?.('lost', err);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(max, base * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        attempt = 0;
        opts.onConnectionChange?.('restored');
      } catch (err) {
        opts.onConnectionChange?.('lost', err);
        scheduleReconnect();
      }
    }, delay);
  };

  await connect();

  return {
    namespace,
    channelOf,
    publish,
    async subscribe(topic, listener) {
      const channel = channelOf(topic);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client?.query(`LISTEN ${channel}`);
      }
      set.add(listener);
      return async () => {
        const s = listeners.get(channel);
        if (!s?.delete(listener) || s.size > 0) return;
        listeners.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
};

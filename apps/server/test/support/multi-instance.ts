import { REALTIME_PATH, type TRealtimeEvent, ZRealtimeEvent } from '@mintcast/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import type { AppConfig } from '../../src/env.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { openTestDatabase } from './test-database.ts';

export interface Instances {
  apps: TestApp[];
  /** `ws://…/api/realtime` of each app, listening on an ephemeral port. */
  urls: string[];
  close(): Promise<void>;
}

/**
 * `count` server instances on ONE database, each with its OWN connection pool and LISTEN connection
 * (like separate processes behind a load balancer). PGlite is one in-process database, so there the
 * instances share its handle; on PostgreSQL (TEST_DATABASE_URL) each opens the same private schema.
 */
export const startInstances = async (
  count: number,
  overrides: Partial<AppConfig> = {},
  opts: { now?: () => number } = {},
): Promise<Instances> => {
  const primary = await openTestDatabase();
  const handles: DatabaseHandle[] = [primary];
  for (let i = 1; i < count; i++) {
    if (primary.target.kind === 'postgres') handles.push(await openDatabase(primary.target));
    else handles.push(primary);
  }
  const apps: TestApp[] = [];
  for (const database of handles) apps.push(await createTestApp(overrides, { database, ...opts }));
  const urls: string[] = [];
  for (const t of apps) {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`${address.replace('http', 'ws')}${REALTIME_PATH}`);
  }
  return {
    apps,
    urls,
    close: async () => {
      for (const t of apps) await t.close();
      for (const h of new Set(handles.slice(1))) if (h !== primary) await h.close();
      await primary.close();
    },
  };
};

/** Two instances on PostgreSQL (separate pools and LISTEN connections); PGlite is one process: one instance. */
export const INSTANCE_COUNT = process.env.TEST_DATABASE_URL ? 2 : 1;

/**
 * `count` instances (startInstances) for a test file: started before its tests, closed after them. A change is
 * made on `first()` and watched on `last()` (another instance wherever there are two).
 */
export const useInstances = (
  count = INSTANCE_COUNT,
  overrides: Partial<AppConfig> = {},
  opts: { now?: () => number } = {},
) => {
  let inst: Instances | undefined;
  beforeAll(async () => {
    inst = await startInstances(count, overrides, opts);
  });
  afterAll(() => inst?.close());
  const started = (): Instances => {
    if (!inst) throw new Error('useInstances: asked for before they started');
    return inst;
  };
  return {
    count,
    get apps() {
      return started().apps;
    },
    /** `ws://…/api/realtime` of each instance. */
    get urls() {
      return started().urls;
    },
    first: () => started().apps[0] as TestApp,
    last: () => started().apps[count - 1] as TestApp,
    lastUrl: () => started().urls[count - 1] as string,
  };
};

/** Insert `count` messages straight into the table (oldest first); returns their ids in order. */
export const insertMessages = async (
  db: Kysely<Database>,
  mint: string,
  count: number,
): Promise<string[]> => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db
      .insertInto('messages')
      .values({ stream_id: mint, user_address: `0x${'a'.repeat(40)}`, content: `message ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(String(row.id));
  }
  return ids;
};

export interface RealtimeTestClient {
  ws: WebSocket;
  events: TRealtimeEvent[];
  /** How many events each frame carried, in order. */
  frames: number[];
  send(msg: unknown): void;
  /** Resolve with the first event (already received or future) matching `pred`. */
  waitFor<T extends TRealtimeEvent>(pred: (e: TRealtimeEvent) => e is T, timeoutMs?: number): Promise<T>;
  waitFor(pred: (e: TRealtimeEvent) => boolean, timeoutMs?: number): Promise<TRealtimeEvent>;
  closed: Promise<number>;
}

/** Open a realtime socket like a browser would (optional Origin); every event is parsed with the contract. */
export const connectRealtime = async (
  url: string,
  opts: { origin?: string } = {},
): Promise<RealtimeTestClient> => {
  const ws = new WebSocket(url, opts.origin ? { origin: opts.origin } : {});
  const events: TRealtimeEvent[] = [];
  /** How many events each frame carried, in order. */
  const frames: number[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data, isBinary) => {
    // Browsers get events as text frames (a binary frame would arrive as a Blob and fail to parse).
    if (isBinary) throw new Error('realtime event sent as a binary frame');
    // Several events due at once come as one JSON array (the hub coalesces per socket).
    const parsed: unknown = JSON.parse(data.toString());
    const batch = Array.isArray(parsed) ? parsed : [parsed];
    frames.push(batch.length);
    for (const e of batch) events.push(ZRealtimeEvent.parse(e));
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
  });
  const waitFor = (pred: (e: TRealtimeEvent) => boolean, timeoutMs = 5_000) =>
    new Promise<TRealtimeEvent>((resolve, reject) => {
      const check = () => {
        const hit = events.find(pred);
        if (!hit) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for an event; got ${JSON.stringify(events.slice(-5))}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    ws,
    events,
    frames,
    send: (msg) => ws.send(JSON.stringify(msg)),
    waitFor: waitFor as RealtimeTestClient['waitFor'],
    closed,
  };
};

/** Poll until `check` holds (for server-side state such as socket counts). */
export const eventually = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from './database.ts';

/**
 * Jobs that must run on one instance at a time, through PostgreSQL advisory locks.
 *
 * Locks are database-wide, so their key names the schema too (parallel test schemas on one server never
 * block each other); `hashtext` turns the name into the lock's 32-bit key, under a fixed class id of ours.
 * PGlite is one process with one session (where an advisory lock is re-entrant, so it excludes nobody): there
 * the lock is kept in memory per PGlite instance, which is exactly the set of instances that can share it.
 */
const LOCK_CLASS = 0x4d43; // "MC": keeps our keys apart from another application's on a shared database

const namespaceOf = (database: DatabaseHandle): string =>
  database.target.kind === 'postgres' ? (database.target.schema ?? 'public') : 'local';

const keyOf = (database: DatabaseHandle, name: string) => `${namespaceOf(database)}:${name}`;

/** PGlite: who holds each lock, per embedded instance. */
const embeddedHolders = new WeakMap<PGlite, Map<string, object>>();
const holdersOf = (pglite: PGlite): Map<string, object> => {
  const known = embeddedHolders.get(pglite);
  if (known) return known;
  const m = new Map<string, object>();
  embeddedHolders.set(pglite, m);
  return m;
};

/**
 * Run `fn` while holding the lock `name`, or skip it (`{ ran: false }`) when another instance holds it now.
 * For one-shot work that must not overlap across instances; a job that should run once per interval on the
 * whole site wants {@link createLeaderLock} instead (two instances' timers would each get a free lock in turn).
 */
export const withAdvisoryLock = async <T>(
  database: DatabaseHandle,
  name: string,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> => {
  const key = keyOf(database, name);
  if (database.pglite) {
    const holders = holdersOf(database.pglite);
    if (holders.has(key)) return { ran: false };
    const me = {};
    holders.set(key, me);
    try {
      return { ran: true, value: await fn() };
    } finally {
      if (holders.get(key) === me) holders.delete(key);
    }
  }
  // A session lock lives on one connection: hold one pool connection for the lock and its unlock.
  return database.db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${key})) as ok`
      .execute(conn)
      .then((r) => r.rows[0]?.ok === true);
    if (!got) return { ran: false } as const;
    try {
      return { ran: true, value: await fn() } as const;
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${key}))`.execute(conn);
    }
  });
};

/** A lock one instance of the site holds for as long as it lives: the leader runs the site-wide jobs. */
export interface LeaderLock {
  /** Whether this instance leads now; takes the lead when nobody holds it (e.g. the old leader died). */
  acquire(): Promise<boolean>;
  /** Give the lead up (on shutdown), so another instance takes it at its next try. */
  release(): Promise<void>;
}

/**
 * On PostgreSQL the leader keeps one dedicated connection holding the session lock: when its process dies,
 * the connection closes and PostgreSQL frees the lock, so another instance takes over at its next try.
 */
export const createLeaderLock = (database: DatabaseHandle, name: string): LeaderLock => {
  const key = keyOf(database, name);
  if (database.pglite) {
    const holders = holdersOf(database.pglite);
    const me = {};
    return {
      acquire: async () => {
        if (database.pglite?.closed) return false;
        if (!holders.has(key)) holders.set(key, me);
        return holders.get(key) === me;
      },
      release: async () => {
        if (holders.get(key) === me) holders.delete(key);
      },
    };
  }
  const config = database.pgConfig;
  if (!config) throw new Error('createLeaderLock: no PostgreSQL connection settings');
  let client: pg.Client | null = null;
  let leading = false;
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    leading = false;
    c.end().catch(() => undefined);
  };
  return {
    acquire: async () => {
      if (client && leading) return true;
      if (!client) {
        const c = new pg.Client({ ...config, application_name: `mintcast_leader_${name}`.slice(0, 63) });
        // A lost connection means a lost lock: say so, and try again at the next acquire.
        c.on('error', () => drop(c));
        c.on('end', () => drop(c));
        client = c;
        try {
          await c.connect();
        } catch (err) {
          drop(c);
          throw err;
        }
      }
      const c = client;
      const res = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
        LOCK_CLASS,
        key,
      ]);
      leading = client === c && res.rows[0]?.ok === true;
      return leading;
    },
    release: async () => {
      const c = client;
      client = null;
      leading = false;
      if (c) await c.end().catch(() => undefined);
    },
  };
};

/**
 * Run `job` every `intervalMs` on the one instance that leads `name` (the others check each interval whether
 * the lead is free). Timers do not keep the process alive; returns an async stop that also gives the lead up.
 */
export const runAsLeader = (
  database: DatabaseHandle,
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
  log?: { warn: (o: object, m: string) => void },
): (() => Promise<void>) => {
  const lock = createLeaderLock(database, name);
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = lock
      .acquire()
      .then((lead) => (lead ? job() : undefined))
      .catch((err: unknown) => log?.warn({ err, job: name }, 'leader job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await lock.release();
  };
};

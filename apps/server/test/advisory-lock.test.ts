import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaderLock, runAsLeader, withAdvisoryLock } from '../src/db/advisory-lock.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { eventually } from './support/multi-instance.ts';
import { databaseKind, openTestDatabase } from './support/test-database.ts';

/** Two instances of the site on one database: each with its own pool on PostgreSQL, one handle on PGlite. */
let a: DatabaseHandle;
let b: DatabaseHandle;

beforeAll(async () => {
  a = await openTestDatabase();
  b = a.target.kind === 'postgres' ? await openDatabase(a.target) : a;
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});

describe(`advisory locks (${databaseKind()})`, () => {
  it('withAdvisoryLock: a second instance skips the work while the first holds the lock', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    const first = withAdvisoryLock(a, 'job', async () => {
      started();
      await held;
      return 'first';
    });
    await running;
    expect(await withAdvisoryLock(b, 'job', async () => 'second')).toEqual({ ran: false });
    // Another lock name is not blocked.
    expect(await withAdvisoryLock(b, 'other-job', async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await withAdvisoryLock(b, 'job', async () => 'second')).toEqual({ ran: true, value: 'second' });
  });

  it('withAdvisoryLock releases the lock when the work throws', async () => {
    await expect(
      withAdvisoryLock(a, 'throws', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await withAdvisoryLock(b, 'throws', async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it('a leader lock is held by one instance until it is released', async () => {
    const la = createLeaderLock(a, 'leader');
    const lb = createLeaderLock(b, 'leader');
    expect(await la.acquire()).toBe(true);
    expect(await lb.acquire()).toBe(false);
    expect(await la.acquire()).toBe(true); // still leading
    await la.release();
    expect(await lb.acquire()).toBe(true);
    expect(await la.acquire()).toBe(false);
    await lb.release();
    await la.release();
  });

  it('runAsLeader runs the job on the leading instance only', async () => {
    const runs = { a: 0, b: 0 };
    const stopA = runAsLeader(a, 'ticker', 10, async () => void runs.a++);
    await eventually(() => runs.a >= 1);
    const stopB = runAsLeader(b, 'ticker', 10, async () => void runs.b++);
    await eventually(() => runs.a >= 5);
    expect(runs.b).toBe(0);
    // The leader stops (shuts down): the other instance takes over.
    await stopA();
    await eventually(() => runs.b >= 1);
    await stopB();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('leader lock on PostgreSQL', () => {
  it("passes to another instance when the leader's connection dies", async () => {
    const la = createLeaderLock(a, 'crash');
    const lb = createLeaderLock(b, 'crash');
    expect(await la.acquire()).toBe(true);
    expect(await lb.acquire()).toBe(false);
    // What a killed process looks like to PostgreSQL: the lock holder's backend goes away.
    const killed = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = 'mintcast_leader_crash' and pid in (
        select pid from pg_locks where locktype = 'advisory' and granted)`.execute(a.db);
    expect(killed.rows[0]?.n).toBeGreaterThanOrEqual(1);
    await eventually(() => lb.acquire());
    expect(await la.acquire()).toBe(false);
    await la.release();
    await lb.release();
  });
});

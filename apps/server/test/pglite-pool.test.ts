import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { commandOf } from '../src/db/pglite-pool.ts';
import { createStream } from './support/builders.ts';
import { databaseKind, openTestDatabase } from './support/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe(`affected-row counts through Kysely (${databaseKind()})`, () => {
  it('an update, an insert and a delete report how many rows they touched', async () => {
    const { db } = database;
    const a = await createStream(db, { name: 'count me' });
    const b = await createStream(db, { name: 'count me' });
    const updated = await db
      .updateTable('streams')
      .set({ description: 'x' })
      .where('mint', 'in', [a.mint, b.mint])
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
    const none = await db
      .updateTable('streams')
      .set({ description: 'y' })
      .where('mint', '=', 'nobody')
      .executeTakeFirst();
    expect(Number(none.numUpdatedRows)).toBe(0);
    const deleted = await db.deleteFrom('streams').where('mint', '=', a.mint).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(1);
  });
});

describe('commandOf', () => {
  it('names the command a statement starts with; anything else reads as SELECT', () => {
    expect(commandOf('update "streams" set x = 1')).toBe('UPDATE');
    expect(commandOf('  INSERT into t values (1)')).toBe('INSERT');
    expect(commandOf('delete from t')).toBe('DELETE');
    expect(commandOf('select 1')).toBe('SELECT');
    expect(commandOf('select pg_notify($1, $2)')).toBe('SELECT');
  });
});

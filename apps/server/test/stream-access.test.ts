import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { AppError } from '../src/http/errors.ts';
import { createStreamAccess, type StreamAccess } from '../src/streams/stream-access.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { databaseKind, openTestDatabase } from './support/test-database.ts';

let database: DatabaseHandle;
let access: StreamAccess;
beforeAll(async () => {
  database = await openTestDatabase();
  access = createStreamAccess(database.db);
});
afterAll(() => database?.close());

/** The status and message an access check threw, or 'allowed'. */
const outcome = (check: Promise<unknown>) =>
  check.then(
    () => 'allowed',
    (err: unknown) => (err instanceof AppError ? `${err.status} ${err.message}` : err),
  );

describe(`requireCreator, the one creator check (${databaseKind()})`, () => {
  it('lets the creator through and refuses everyone else with the action named', async () => {
    const creator = randomAddress();
    const { mint } = await createStream(database.db, { creator_address: creator });
    const moderator = randomAddress();
    await database.db
      .insertInto('stream_moderators')
      .values({ stream_id: mint, address: moderator, added_by: creator })
      .execute();
    const refusal = 'Only the stream creator can broadcast this stream';
    expect(await outcome(access.requireCreator(creator, mint, refusal))).toBe('allowed');
    expect(await outcome(access.requireCreator(randomAddress(), mint, refusal))).toBe(`403 ${refusal}`);
    // A moderator is staff, not the creator.
    expect(await outcome(access.requireCreator(moderator, mint, refusal))).toBe(`403 ${refusal}`);
    expect(await outcome(access.requireStaff(moderator, mint))).toBe('allowed');
    expect(await outcome(access.requireCreator(null, mint, refusal))).toBe(`403 ${refusal}`);
  });

  it('refuses everyone on a stream nobody has claimed, and answers 404 for no stream', async () => {
    const { mint } = await createStream(database.db, { creator_address: null });
    expect(await outcome(access.requireCreator(randomAddress(), mint))).toBe(
      '403 Only the stream creator can change this chat',
    );
    expect(await outcome(access.requireCreator(randomAddress(), randomAddress()))).toBe(
      '404 Stream Not Found',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessRepository } from '../src/access/access.repository.ts';
import { type Access, createAccess } from '../src/access/access.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { AppError } from '../src/http/errors.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { databaseKind, openTestDatabase } from './support/test-database.ts';

let database: DatabaseHandle;
let access: Access;
const admin = randomAddress();
beforeAll(async () => {
  database = await openTestDatabase();
  access = createAccess(createAccessRepository(database.db), { admins: [admin] });
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

describe(`requireAdmin and the site-wide ban, in the same module (${databaseKind()})`, () => {
  it('lets only the administrators of ADMIN_ADDRESSES through', async () => {
    expect(access.isAdmin(admin)).toBe(true);
    expect(await outcome(Promise.resolve().then(() => access.requireAdmin(admin)))).toBe('allowed');
    for (const someone of [randomAddress(), null, undefined])
      expect(await outcome(Promise.resolve().then(() => access.requireAdmin(someone)))).toBe(
        '403 Administrators only',
      );
  });

  it('refuses a banned wallet, whatever the case of its address, and no one else', async () => {
    const banned = randomAddress();
    await database.db
      .insertInto('platform_bans')
      .values({ address: banned, reason: 'spam', banned_by: admin })
      .execute();
    expect(await access.isBanned(banned.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(await outcome(access.assertNotBanned(banned))).toBe('403 Your wallet is banned from Mintcast');
    expect(await outcome(access.assertNotBanned(randomAddress()))).toBe('allowed');
  });
});

import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, StreamsTable } from '../../src/db/schema.ts';

/** A random canonical (lower-case) address. */
export const randomAddress = (): string => `0x${randomBytes(20).toString('hex')}`;

let counter = 0;

/** Insert a stream with sensible defaults; override any column. */
export const createStream = async (
  db: Kysely<Database>,
  values: Partial<Insertable<StreamsTable>> = {},
): Promise<Insertable<StreamsTable> & { mint: string }> => {
  counter += 1;
  const row = {
    mint: randomAddress(),
    name: `Test Token ${counter}`,
    symbol: `TT${counter}`,
    description: `Description ${counter}`,
    image_uri: 'https://example.com/token.png',
    creator_address: randomAddress(),
    is_currently_live: false,
    num_participants: 0,
    usd_market_cap: 1000 * counter,
    created_at: new Date(Date.UTC(2026, 0, 1) + counter * 60_000),
    ...values,
  };
  await db.insertInto('streams').values(row).execute();
  return row;
};

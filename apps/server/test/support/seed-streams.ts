import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * `rows` streams in one INSERT … SELECT generate_series, as the streams benches seed theirs: a realistic
 * spread of live flags, market caps and dates, and names, symbols (TK1…TKn) and descriptions to search.
 */
export const seedStreams = (db: Kysely<Database>, rows: number) =>
  sql`
    INSERT INTO streams (mint, name, symbol, description, image_uri, creator_address, is_currently_live,
                         num_participants, usd_market_cap, created_at)
    SELECT '0x' || lpad(to_hex(i), 40, '0'),
           'Token ' || i || ' ' || (ARRAY['Moon','Rocket','Lotus','Tiger','Koi','Orbit','Nova','Echo'])[1 + i % 8],
           'TK' || i,
           'Live trading stream number ' || i || ' about ' || (ARRAY['charts','memes','yield','perps'])[1 + i % 4],
           'https://example.com/t/' || i || '.png',
           '0x' || lpad(to_hex(i % 5000), 40, '0'),
           (i % 50 = 0),
           (i * 7) % 300,
           ((i * 7919) % 100000000)::double precision,
           now() - (i || ' minutes')::interval
    FROM generate_series(1, ${rows}) AS i`.execute(db);

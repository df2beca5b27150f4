import { randomBytes } from 'node:crypto';
import type { StreamSeed } from './app-server.ts';

/** A random canonical (lower-case) token address. */
export const randomMint = (): string => `0x${randomBytes(20).toString('hex')}`;

let n = 0;
/** A stream row for seeding, with realistic defaults. */
export const streamSeed = (values: Partial<StreamSeed> = {}): StreamSeed => {
  n += 1;
  return {
    mint: randomMint(),
    name: `Seed Token ${n}`,
    symbol: `SEED${n}`,
    description: `Seeded stream number ${n}`,
    creator_address: randomMint(),
    is_currently_live: false,
    num_participants: 0,
    usd_market_cap: 10_000 * n,
    created_at: new Date(Date.UTC(2026, 5, 1) + n * 60_000).toISOString(),
    ...values,
  };
};

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A pair as DexScreener returns it; the stand-in only reads `baseToken.address` and `chainId`. */
export type FixturePair = Record<string, unknown> & {
  chainId?: string;
  baseToken?: { address?: string; name?: string; symbol?: string };
};

export interface Fixture {
  /** File name without `.json`, e.g. `token-two-pairs`. */
  name: string;
  /** Pairs of the sample, whichever of the two response forms it is in; `null` for the unknown answer. */
  pairs: FixturePair[] | null;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The shared samples: `../shared/fixtures/dexscreener` next to the repository. */
export const SHARED_FIXTURES_DIR = path.resolve(repoRoot, '../shared/fixtures/dexscreener');
/** Extra samples owned by this package (demo tokens of the seed). */
export const BUILT_IN_FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures');

const readFixture = (file: string): Fixture | null => {
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null; // not JSON (or unreadable): not a sample
  }
  const name = path.basename(file, '.json');
  if (Array.isArray(body)) return { name, pairs: body as FixturePair[] };
  if (body && typeof body === 'object' && 'pairs' in body) {
    const pairs = (body as { pairs: unknown }).pairs;
    return { name, pairs: Array.isArray(pairs) ? (pairs as FixturePair[]) : null };
  }
  return null;
};

/** Every `*.json` sample in the folders (missing folders are skipped), in folder then name order. */
export const loadFixtures = (dirs: string[]): Fixture[] => {
  const out: Fixture[] = [];
  for (const dir of dirs) {
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const f of files.sort()) {
      const fixture = readFixture(path.join(dir, f));
      if (fixture) out.push(fixture);
    }
  }
  return out;
};

const baseAddress = (pair: FixturePair): string | null => {
  const a = pair.baseToken?.address;
  return typeof a === 'string' ? a.toLowerCase() : null;
};

/**
 * Which sample answers for a token address (lower case), from each sample's `baseToken.address`.
 * Several samples describe the same made-up token; the one with the most pairs wins, then the first by name,
 * so the default answer is the richest. Tests pick another sample for an address with `assign`.
 */
export const indexFixtures = (fixtures: Fixture[]): Map<string, Fixture> => {
  const index = new Map<string, Fixture>();
  for (const fixture of fixtures) {
    for (const pair of fixture.pairs ?? []) {
      const address = baseAddress(pair);
      if (!address) continue;
      const current = index.get(address);
      if (!current || (fixture.pairs?.length ?? 0) > (current.pairs?.length ?? 0))
        index.set(address, fixture);
    }
  }
  return index;
};

/** Mixed-case hex, as DexScreener returns checksummed addresses: clients must compare in lower case. */
const mixedCase = (address: string): string =>
  `0x${[...address.slice(2)].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')}`;

/**
 * The sample's pairs for the requested token. A sample assigned to another address is rewritten so its
 * pairs name that address as base token (in mixed case).
 */
export const pairsFor = (fixture: Fixture, address: string): FixturePair[] | null => {
  if (!fixture.pairs) return null;
  const owned = fixture.pairs.filter((p) => baseAddress(p) === address);
  if (owned.length > 0) return owned;
  return fixture.pairs.map((p) => ({
    ...p,
    baseToken: { ...(p.baseToken ?? {}), address: mixedCase(address) },
  }));
};

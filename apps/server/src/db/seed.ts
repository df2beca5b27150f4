import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, StreamsTable } from './schema.ts';

interface DemoToken {
  name: string;
  symbol: string;
  description: string;
  marketCap: number;
  /** The stand-in (`npm run dev:offline`) has market data for these (packages/market-standin/fixtures). */
  featured?: boolean;
}

/** Demo tokens for a newcomer's first look: made-up names, realistic figures. */
const DEMO: DemoToken[] = [
  {
    name: 'Lotus Protocol',
    symbol: 'LOTUS',
    description: 'Chart review and live order-flow on PancakeSwap v3.',
    marketCap: 18_400_000,
    featured: true,
  },
  {
    name: 'Bamboo Swap',
    symbol: 'BAMBOO',
    description: 'Market open session: liquidity moves and new pairs.',
    marketCap: 7_250_000,
    featured: true,
  },
  {
    name: 'Night Owl',
    symbol: 'HOOT',
    description: 'Late-night degen hours, community Q&A.',
    marketCap: 940_000,
    featured: true,
  },
  {
    name: 'Quantum Yield',
    symbol: 'QYLD',
    description: 'Yield strategies explained step by step.',
    marketCap: 32_900_000,
    featured: true,
  },
  {
    name: 'Pixel Cats',
    symbol: 'PXCAT',
    description: 'Meme token with an art stream on the side.',
    marketCap: 412_000,
    featured: true,
  },
  {
    name: 'Solar Drift',
    symbol: 'DRIFT',
    description: 'Technical analysis, support and resistance live.',
    marketCap: 2_830_000,
    featured: true,
  },
  {
    name: 'Copper Bull',
    symbol: 'CBULL',
    description: 'Daily recap of BSC movers.',
    marketCap: 1_150_000,
    featured: true,
  },
  {
    name: 'Koi Finance',
    symbol: 'KOI',
    description: 'Founders AMA and roadmap walk-through.',
    marketCap: 5_600_000,
    featured: true,
  },
  {
    name: 'Maple Mint',
    symbol: 'MAPLE',
    description: 'Calm trading, clear risk management.',
    marketCap: 640_000,
    featured: true,
  },
  {
    name: 'Thunder Pad',
    symbol: 'THUND',
    description: 'Launchpad picks reviewed live.',
    marketCap: 9_870_000,
    featured: true,
  },
  {
    name: 'Orbit Coin',
    symbol: 'ORBIT',
    description: 'On-chain data dashboards and whale watching.',
    marketCap: 3_410_000,
  },
  { name: 'Jade Dragon', symbol: 'JADE', description: 'Weekly community stream.', marketCap: 12_700_000 },
  {
    name: 'Frost Byte',
    symbol: 'FROST',
    description: 'Building a trading bot in public.',
    marketCap: 286_000,
  },
  { name: 'Nova Shiba', symbol: 'NSHIB', description: 'Meme season special.', marketCap: 75_400 },
  {
    name: 'Atlas Credit',
    symbol: 'ATLAS',
    description: 'Lending markets on BSC explained.',
    marketCap: 21_300_000,
  },
  {
    name: 'Ember Labs',
    symbol: 'EMBER',
    description: 'Developer updates and contract walkthroughs.',
    marketCap: 1_980_000,
  },
  { name: 'Tide Pool', symbol: 'TIDE', description: 'Liquidity pool strategies.', marketCap: 530_000 },
  {
    name: 'Cobalt Chain',
    symbol: 'COBLT',
    description: 'Bridge flows and cross-chain arbitrage.',
    marketCap: 4_470_000,
  },
  {
    name: 'Sakura Inu',
    symbol: 'SAKURA',
    description: 'Cherry blossom season meme stream.',
    marketCap: 148_000,
  },
  { name: 'Granite Fund', symbol: 'GRNT', description: 'Portfolio rebalancing live.', marketCap: 8_120_000 },
  { name: 'Velvet Moon', symbol: 'VMOON', description: 'Late listing hunt.', marketCap: 36_900 },
  {
    name: 'Echo Markets',
    symbol: 'ECHO',
    description: 'Sentiment analysis from socials.',
    marketCap: 2_260_000,
  },
  { name: 'Falcon Swap', symbol: 'FALCN', description: 'Swap routing deep dive.', marketCap: 6_030_000 },
  { name: 'Honey Badger', symbol: 'BADGR', description: 'Fearless trading, small size.', marketCap: 318_000 },
  {
    name: 'Iris Oracle',
    symbol: 'IRIS',
    description: 'Price feeds and oracle risks.',
    marketCap: 14_900_000,
  },
  {
    name: 'Juniper Cash',
    symbol: 'JUNI',
    description: 'Stable-ish yields, honest numbers.',
    marketCap: 990_000,
  },
  { name: 'Kraken Tail', symbol: 'KTAIL', description: 'Deep-sea meme.', marketCap: 61_200 },
  { name: 'Lunar Farm', symbol: 'LFARM', description: 'Farm rotation strategies.', marketCap: 1_470_000 },
  {
    name: 'Mango Republic',
    symbol: 'MANGO',
    description: 'Community governance vote, live.',
    marketCap: 3_880_000,
  },
  { name: 'Neon Tiger', symbol: 'NTIGR', description: 'Scalping session.', marketCap: 224_000 },
  { name: 'Opal Vault', symbol: 'OPAL', description: 'Vault security review.', marketCap: 11_200_000 },
  { name: 'Pepper Punk', symbol: 'PPUNK', description: 'Spicy memes only.', marketCap: 89_000 },
  {
    name: 'Quartz Index',
    symbol: 'QRTZ',
    description: 'Index token composition explained.',
    marketCap: 5_140_000,
  },
  { name: 'Raven DAO', symbol: 'RAVEN', description: 'DAO treasury report.', marketCap: 2_590_000 },
  { name: 'Saffron Gold', symbol: 'SAFGD', description: 'Gold-backed token talk.', marketCap: 16_600_000 },
  { name: 'Tundra Wolf', symbol: 'TWOLF', description: 'Pack trading session.', marketCap: 430_000 },
  { name: 'Umbra Privacy', symbol: 'UMBRA', description: 'Privacy tools on BSC.', marketCap: 780_000 },
  { name: 'Vortex Perps', symbol: 'VRTX', description: 'Perpetuals basics.', marketCap: 27_400_000 },
  { name: 'Willow Green', symbol: 'WILLO', description: 'Eco projects on chain.', marketCap: 196_000 },
  { name: 'Zen Garden', symbol: 'ZEN', description: 'Slow, mindful position sizing.', marketCap: 1_020_000 },
];

const fakeAddress = (seed: string): string =>
  `0x${createHash('sha256').update(seed).digest('hex').slice(0, 40)}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** The demo rows: deterministic addresses so re-seeding updates rather than duplicates. */
export const demoStreams = (now = Date.now()): Insertable<StreamsTable>[] =>
  DEMO.map((t, i) => ({
    mint: fakeAddress(`mintcast-demo-mint-${t.symbol}`),
    name: t.name,
    symbol: t.symbol,
    description: t.description,
    image_uri: `/images/demo/token-${pad((i % 12) + 1)}.svg`,
    thumbnail: `/images/demo/thumb-${pad((i % 12) + 1)}.svg`,
    creator_address: fakeAddress(`mintcast-demo-creator-${i % 9}`),
    website: `https://example.com/${t.symbol.toLowerCase()}`,
    // Never live: a stream is live only while its host broadcasts (the media server's rooms say so).
    is_currently_live: false,
    num_participants: 0,
    usd_market_cap: t.marketCap,
    created_at: new Date(now - (i + 1) * 97 * 60_000),
  }));

/** The demo streams the offline market-data stand-in knows. */
export const featuredDemoStreams = (): Insertable<StreamsTable>[] => {
  const rows = demoStreams();
  return DEMO.flatMap((t, i) => (t.featured && rows[i] ? [rows[i]] : []));
};

/** Insert or refresh the demo streams; returns how many rows were written. */
export const seedDemo = async (db: Kysely<Database>): Promise<number> => {
  const rows = demoStreams();
  for (const row of rows) {
    await db
      .insertInto('streams')
      .values(row)
      .onConflict((oc) =>
        oc.column('mint').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          image_uri: eb.ref('excluded.image_uri'),
          thumbnail: eb.ref('excluded.thumbnail'),
          is_currently_live: eb.ref('excluded.is_currently_live'),
          num_participants: eb.ref('excluded.num_participants'),
          usd_market_cap: eb.ref('excluded.usd_market_cap'),
        })),
      )
      .execute();
  }
  return rows.length;
};

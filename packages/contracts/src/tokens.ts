import { z } from 'zod';
import { ZAddress } from './address.ts';

export * from './token-messages.ts';

/** Market data of one token as `GET /api/tokens/{address}` returns it (spec §3 "Token data"). */
export const ZTokenLink = z.object({ label: z.string(), url: z.string() });
export type TTokenLink = z.infer<typeof ZTokenLink>;

export const ZTokenData = z.object({
  /** Canonical (lower-case) token address. */
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  imageUrl: z.string().nullable(),
  priceUsd: z.number(),
  priceChange24h: z.number(),
  volume24h: z.number(),
  marketCap: z.number(),
  liquidityUsd: z.number(),
  /** Only http(s) links are kept from upstream. */
  websites: z.array(ZTokenLink),
  twitter: z.string().nullable(),
  telegram: z.string().nullable(),
  /** The selected pair: on chain bsc, highest liquidity. */
  pairAddress: z.string(),
  pairUrl: z.string().nullable(),
  dexId: z.string(),
  /** When the gateway got these figures from the market-data service (ISO timestamp). */
  fetchedAt: z.string(),
  /** True when the market-data service failed and an older cached value is served instead. */
  stale: z.boolean(),
});
export type TTokenData = z.infer<typeof ZTokenData>;

export const ZTokenParams = z.object({ address: ZAddress });

/** The wizard's token preview (spec §3 "Token preview"). */
export const ZTokenPreview = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  image: z.string(),
  marketCap: z.number(),
  price: z.number(),
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  telegram: z.string().nullable(),
});
export type TTokenPreview = z.infer<typeof ZTokenPreview>;

export const TOKEN_PREVIEW_DEFAULTS = {
  name: 'Unknown Token',
  symbol: 'UNKNOWN',
} as const;

/** Default preview description: the token is trading on BSC (spec §3). */
export const defaultTokenDescription = (name: string, symbol: string): string =>
  `${name} (${symbol}) token trading on BSC`;

/** The token's page on the chart site: the selected pair's URL, else the token page on chain bsc. */
export const tokenChartUrl = (address: string, pairUrl?: string | null): string =>
  pairUrl && /^https:\/\//i.test(pairUrl) ? pairUrl : `https://dexscreener.com/bsc/${address.toLowerCase()}`;

/** BscScan page of a token contract. */
export const bscScanTokenUrl = (address: string): string => `https://bscscan.com/token/${address}`;

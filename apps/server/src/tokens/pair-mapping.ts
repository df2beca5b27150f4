import { BSC_CHAIN_NAME, type TTokenData, type TTokenLink, toNumber } from '@mintcast/contracts';

/**
 * A DexScreener pair as it arrives: every field may be missing or of the wrong type, so nothing is
 * trusted until read through the helpers below.
 */
export type RawPair = Record<string, unknown>;

/** What one token resolves to upstream, before caching. */
export type TokenLookup =
  | { kind: 'ok'; data: Omit<TTokenData, 'fetchedAt' | 'stale'> }
  | { kind: 'not_found' }
  | { kind: 'not_on_bsc' };

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Keep a link only if it is an absolute http(s) URL: upstream text ends up in `href`s. */
export const safeHttpUrl = (value: unknown): string | null => {
  const text = str(value);
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** The base token's address of a pair, lower case. */
export const pairBaseAddress = (pair: RawPair): string => str(obj(pair.baseToken).address).toLowerCase();

const SOCIAL_HOSTS: Record<'twitter' | 'telegram', string> = {
  twitter: 'https://x.com/',
  telegram: 'https://t.me/',
};

/**
 * One social link of a kind from either known shape: `[{ type, url }]` (real answers) or the older
 * documented `[{ platform, handle }]`, where a handle may be a bare name, `@name` or a URL.
 */
const socialLink = (socials: unknown, kind: 'twitter' | 'telegram'): string | null => {
  if (!Array.isArray(socials)) return null;
  for (const item of socials) {
    const s = obj(item);
    const type = (str(s.type) || str(s.platform)).toLowerCase();
    if (type !== kind && !(kind === 'twitter' && type === 'x')) continue;
    const direct = safeHttpUrl(s.url) ?? safeHttpUrl(s.handle);
    if (direct) return direct;
    const handle = str(s.handle).replace(/^@/, '');
    if (/^[A-Za-z0-9_]{1,64}$/.test(handle)) return `${SOCIAL_HOSTS[kind]}${handle}`;
  }
  return null;
};

const websites = (list: unknown): TTokenLink[] => {
  if (!Array.isArray(list)) return [];
  const out: TTokenLink[] = [];
  for (const item of list) {
    const w = obj(item);
    const url = safeHttpUrl(typeof item === 'string' ? item : w.url);
    if (url) out.push({ label: str(w.label) || 'Website', url });
  }
  return out;
};

/**
 * Spec §3: the pair on chain bsc is used; among several, the one with the highest `liquidity.usd`
 * (pair order is not documented). Only pairs whose base token is the requested token count.
 */
export const selectPair = (
  pairs: RawPair[] | null,
  address: string,
): { kind: 'pair'; pair: RawPair } | { kind: 'not_found' } | { kind: 'not_on_bsc' } => {
  const own = (pairs ?? []).filter((p) => pairBaseAddress(p) === address);
  if (own.length === 0) return { kind: 'not_found' };
  const bsc = own.filter((p) => str(p.chainId).toLowerCase() === BSC_CHAIN_NAME);
  let best = bsc[0];
  if (!best) return { kind: 'not_on_bsc' };
  for (const p of bsc) {
    if (toNumber(obj(p.liquidity).usd) > toNumber(obj(best.liquidity).usd)) best = p;
  }
  return { kind: 'pair', pair: best };
};

/** Map the upstream pairs of one token to TokenData; figures that cannot be parsed become 0 (spec §5). */
export const toTokenLookup = (pairs: RawPair[] | null, address: string): TokenLookup => {
  const selected = selectPair(pairs, address);
  if (selected.kind !== 'pair') return selected;
  const { pair } = selected;
  const base = obj(pair.baseToken);
  const info = obj(pair.info);
  return {
    kind: 'ok',
    data: {
      address,
      name: str(base.name),
      symbol: str(base.symbol),
      imageUrl: safeHttpUrl(info.imageUrl),
      priceUsd: toNumber(pair.priceUsd),
      priceChange24h: toNumber(obj(pair.priceChange).h24),
      volume24h: toNumber(obj(pair.volume).h24),
      marketCap: toNumber(pair.marketCap),
      liquidityUsd: toNumber(obj(pair.liquidity).usd),
      websites: websites(info.websites),
      twitter: socialLink(info.socials, 'twitter'),
      telegram: socialLink(info.socials, 'telegram'),
      pairAddress: str(pair.pairAddress),
      pairUrl: safeHttpUrl(pair.url),
      dexId: str(pair.dexId),
    },
  };
};

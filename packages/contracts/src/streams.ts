import { z } from 'zod';
import { ZAddress } from './address.ts';
import { STREAM_LIST_DEFAULT_LIMIT, STREAM_LIST_MAX_LIMIT } from './constants.ts';

/** Optional link: only http(s) URLs are kept. */
export const ZHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), 'Only http(s) links are allowed');

/** A stream as the API returns it, with the read defaults of spec §3 applied. */
export const ZStream = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  image_uri: z.string(),
  metadata_uri: z.string(),
  twitter: z.string().nullable(),
  telegram: z.string().nullable(),
  website: z.string().nullable(),
  thumbnail: z.string().nullable(),
  creator_address: z.string().nullable(),
  is_currently_live: z.boolean(),
  num_participants: z.number().int(),
  usd_market_cap: z.number(),
  created_at: z.string(),
  profile_image: z.string().nullable(),
  username: z.string().nullable(),
});
export type TStream = z.infer<typeof ZStream>;

export const ZStreamSort = z.enum(['newest', 'market_cap', 'participants', 'activity']);
export type TStreamSort = z.infer<typeof ZStreamSort>;

const ZBoolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ZStreamListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(STREAM_LIST_MAX_LIMIT).default(STREAM_LIST_DEFAULT_LIMIT),
  cursor: z.string().max(512).optional(),
  live: ZBoolParam.optional(),
  sort: ZStreamSort.default('newest'),
});
export type TStreamListQuery = z.infer<typeof ZStreamListQuery>;

export const ZStreamPage = z.object({
  items: z.array(ZStream),
  nextCursor: z.string().nullable(),
});
export type TStreamPage = z.infer<typeof ZStreamPage>;

export const ZStreamSearchQuery = z.object({
  q: z.string().trim().min(1, 'Search text is required').max(100),
  limit: z.coerce.number().int().min(1).max(STREAM_LIST_MAX_LIMIT).default(STREAM_LIST_MAX_LIMIT),
});
export type TStreamSearchQuery = z.infer<typeof ZStreamSearchQuery>;

/** `total` counts the items returned; `hasMore` says more matches exist past `limit` ("100+ results"). */
export const ZStreamSearchResult = z.object({
  items: z.array(ZStream),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type TStreamSearchResult = z.infer<typeof ZStreamSearchResult>;

export const ZStreamStats = z.object({ live: z.number().int(), total: z.number().int() });
export type TStreamStats = z.infer<typeof ZStreamStats>;

export const ZMintParams = z.object({ mint: ZAddress });

/** Upsert body (spec §7). The creator is never taken from here: it is the signed-in address. */
export const ZStreamUpsert = z.object({
  mint: ZAddress,
  name: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(32),
  description: z.string().trim().max(1000).default(''),
  image_uri: ZHttpUrl.or(z.literal('')).optional(),
  website: ZHttpUrl.nullish(),
  twitter: ZHttpUrl.nullish(),
  telegram: ZHttpUrl.nullish(),
  usd_market_cap: z.number().finite().min(0).max(1e15).default(0),
  is_currently_live: z.boolean().default(false),
});
export type TStreamUpsert = z.infer<typeof ZStreamUpsert>;

export const ZSetLive = z.object({ live: z.boolean() });
export type TSetLive = z.infer<typeof ZSetLive>;

export const ZStreamCounts = z.object({ likes: z.number().int(), subscribers: z.number().int() });
export type TStreamCounts = z.infer<typeof ZStreamCounts>;

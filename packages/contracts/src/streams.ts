import * as z from 'zod/mini';
import { ZAddress } from './address.ts';
import { STREAM_LIST_DEFAULT_LIMIT, STREAM_LIST_MAX_LIMIT } from './constants.ts';
import { format, ZQueryInt, ZText } from './text.ts';

// zod/mini (the tree-shakable build of zod): these schemas are parsed on the home route, whose first
// download has a 150 KB budget. Mini schemas compose with the classic ones used elsewhere.

const isHttpUrl = (v: string) => /^https?:\/\//i.test(v) && URL.canParse(v);

/** Optional link: only http(s) URLs are kept. */
export const ZHttpUrl = ZText({
  kind: 'line',
  max: 2048,
  checks: [z.refine(isHttpUrl, 'Only http(s) links are allowed')],
});

const int = () => z.number().check(z.refine(Number.isInteger, 'Expected an integer'));

/** A stream as the API returns it, with the read defaults of spec §3 applied. */
export const ZStream = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  image_uri: z.string(),
  metadata_uri: z.string(),
  twitter: z.nullable(z.string()),
  telegram: z.nullable(z.string()),
  website: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
  creator_address: z.nullable(z.string()),
  is_currently_live: z.boolean(),
  num_participants: int(),
  usd_market_cap: z.number(),
  created_at: z.string(),
  profile_image: z.nullable(z.string()),
  username: z.nullable(z.string()),
  /** Marked not safe for work by its creator or an admin: left out of lists unless asked for. */
  is_nsfw: z._default(z.boolean(), false),
  /** When the current broadcast went live (ISO time), null while offline: cards say how long it has been on. */
  live_since: z._default(z.nullable(z.string()), null),
});
export type TStream = z.infer<typeof ZStream>;

export const ZStreamSort = z.enum(['newest', 'market_cap', 'participants', 'activity']);
export type TStreamSort = z.infer<typeof ZStreamSort>;

const ZBoolParam = z.pipe(
  z.enum(['true', 'false']),
  z.transform((v) => v === 'true'),
);

export const ZStreamListQuery = z.object({
  limit: ZQueryInt(1, STREAM_LIST_MAX_LIMIT, STREAM_LIST_DEFAULT_LIMIT),
  // Cursors are base64url text made by the server; anything else is not one.
  cursor: z.optional(
    format('cursor', z.string().check(z.maxLength(512), z.regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor'))),
  ),
  live: z.optional(ZBoolParam),
  sort: z._default(ZStreamSort, 'newest'),
  /** pump.fun's `includeNsfw`: NSFW streams are listed only when the visitor asks for them. */
  includeNsfw: z.optional(ZBoolParam),
});
export type TStreamListQuery = z.infer<typeof ZStreamListQuery>;

export const ZStreamPage = z.object({
  items: z.array(ZStream),
  nextCursor: z.nullable(z.string()),
});
export type TStreamPage = z.infer<typeof ZStreamPage>;

export const ZStreamSearchQuery = z.object({
  q: ZText({ kind: 'line', min: 1, max: 100, minMessage: 'Search text is required' }),
  limit: ZQueryInt(1, STREAM_LIST_MAX_LIMIT, STREAM_LIST_MAX_LIMIT),
  includeNsfw: z.optional(ZBoolParam),
});
export type TStreamSearchQuery = z.infer<typeof ZStreamSearchQuery>;

/** `total` counts the items returned; `hasMore` says more matches exist past `limit` ("100+ results"). */
export const ZStreamSearchResult = z.object({
  items: z.array(ZStream),
  total: int(),
  hasMore: z.boolean(),
});
export type TStreamSearchResult = z.infer<typeof ZStreamSearchResult>;

export const ZStreamStats = z.object({ live: int(), total: int() });
export type TStreamStats = z.infer<typeof ZStreamStats>;

export const ZMintParams = z.object({ mint: ZAddress });

/**
 * `GET /api/streams/:mint/lookup`: the stream, or null while none exists for the mint yet. The stream page
 * polls this instead of the 404-answering `GET /api/streams/:mint`, so a browser waiting on a stream that
 * is about to start logs no "Failed to load resource" error on every poll (issue 17).
 */
export const ZStreamLookup = z.object({ stream: z.nullable(ZStream) });
export type TStreamLookup = z.infer<typeof ZStreamLookup>;

/** Upsert body (spec §7). The creator is never taken from here: it is the signed-in address. */
export const ZStreamUpsert = z.object({
  mint: ZAddress,
  name: ZText({ kind: 'name', min: 1, max: 100 }),
  symbol: ZText({ kind: 'name', min: 1, max: 32 }),
  description: z._default(ZText({ kind: 'multiline', max: 1000 }), ''),
  image_uri: z.optional(z.union([ZHttpUrl, z.literal('')])),
  website: z.optional(z.nullable(ZHttpUrl)),
  twitter: z.optional(z.nullable(ZHttpUrl)),
  telegram: z.optional(z.nullable(ZHttpUrl)),
  usd_market_cap: z._default(z.number().check(z.gte(0), z.lte(1e15)), 0),
  is_currently_live: z._default(z.boolean(), false),
  /** The wizard's "NSFW" box; absent leaves an existing stream's flag as it is. */
  is_nsfw: z.optional(z.boolean()),
});
export type TStreamUpsert = z.infer<typeof ZStreamUpsert>;

/**
 * `GET /api/streams/{mint}/recap` (creator only): the current or last broadcast, counted by the server —
 * `endedAt` null while it is still live (then the figures run up to now).
 */
export const ZStreamRecap = z.object({
  startedAt: z.string(),
  endedAt: z.nullable(z.string()),
  durationSeconds: int(),
  peakViewers: int(),
  newFollowers: int(),
  tips: int(),
  /** The tips' total in wei, as decimal text. */
  tipsWei: z.string(),
  chatMessages: int(),
  /** Where the broadcast sent its audience when it ended (a raid, issue 35 item 4); null: it just ended. */
  raid: z.nullable(z.object({ to: ZAddress, name: z.string(), symbol: z.string(), viewers: int() })),
});
export type TStreamRecap = z.infer<typeof ZStreamRecap>;

/** The error code of a refused upsert or go-live: the stream was created by another wallet (decision 006). */
export const STREAM_OWNED_BY_OTHER = 'stream_owned_by_other';

export const ZSetLive = z.object({ live: z.boolean() });
export type TSetLive = z.infer<typeof ZSetLive>;

export const ZStreamCounts = z.object({ likes: int(), subscribers: int() });
export type TStreamCounts = z.infer<typeof ZStreamCounts>;

/** How many of a creator's streams their page lists (live first, then newest). */
export const CREATOR_STREAMS_LIMIT = 60;

export const ZCreatorParams = z.object({ address: ZAddress });

/** `GET /api/creators/:address`: who the creator is and their streams, live and past. */
export const ZCreatorPage = z.object({
  address: z.string(),
  username: z.nullable(z.string()),
  profile_image: z.nullable(z.string()),
  streams: z.array(ZStream),
});
export type TCreatorPage = z.infer<typeof ZCreatorPage>;

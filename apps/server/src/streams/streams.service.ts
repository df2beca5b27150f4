import {
  CREATOR_STREAMS_LIMIT,
  isBoundedIsoDate,
  isTokenAddress,
  STREAM_OWNED_BY_OTHER,
  type TCreatorPage,
  type TStream,
  type TStreamListQuery,
  type TStreamRecap,
  type TStreamSort,
  type TStreamUpsert,
} from '@mintcast/contracts';
import { assertCreator } from '../access/access.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { type CachedBody, createResponseCache } from './response-cache.ts';
import { type StreamRow, toStream } from './stream-row.ts';
import type { ListCursor, ListRow, StreamsRepository } from './streams.repository.ts';

/** An admin ended the broadcast and has not allowed it since (issue 28: admin decisions are sticky). */
export const LIVE_BLOCKED_CODE = 'live_blocked';
export const liveBlocked = () =>
  new AppError(
    403,
    LIVE_BLOCKED_CODE,
    'An administrator ended this stream. It can go live again once an administrator allows it.',
  );

const encodeCursor = (c: ListCursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

const invalidCursor = () => badRequest('Invalid cursor');

const decodeJson = (text: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // fall through
  }
  throw invalidCursor();
};

const isMarketCap = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isParticipants = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;

/**
 * A cursor is client-held text: its fields are checked as strictly as any other input, and it must belong
 * to the sort it is used with. `{ offset }` cursors (handed out before keyset paging covered every sort)
 * are still honoured so a page open across a deploy can load more.
 */
const decodeCursor = (text: string, sort: TStreamSort): { after: ListCursor } | { offset: number } => {
  const c = decodeJson(text);
  if ('offset' in c) {
    const offset = c.offset;
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > 10_000)
      throw invalidCursor();
    return { offset };
  }
  // Cursors of the newest order from before issue 19 carry no `sort`.
  if ((c.sort ?? 'newest') !== sort) throw invalidCursor();
  const { live, createdAt, marketCap, participants, mint } = c;
  if (typeof mint !== 'string' || !isTokenAddress(mint)) throw invalidCursor();
  switch (sort) {
    case 'newest':
      if (typeof live !== 'boolean' || typeof createdAt !== 'string' || !isBoundedIsoDate(createdAt))
        throw invalidCursor();
      return { after: { sort, live, createdAt, mint } };
    case 'market_cap':
      if (!isMarketCap(marketCap)) throw invalidCursor();
      return { after: { sort, marketCap, mint } };
    case 'participants':
      if (!isParticipants(participants) || !isMarketCap(marketCap)) throw invalidCursor();
      return { after: { sort, participants, marketCap, mint } };
    case 'activity':
      if (typeof live !== 'boolean' || !isMarketCap(marketCap)) throw invalidCursor();
      return { after: { sort, live, marketCap, mint } };
  }
};

/** The cursor that continues after this row in this order. */
const cursorAfter = (row: ListRow, sort: TStreamSort): ListCursor => {
  const { mint, is_currently_live: live, usd_market_cap: marketCap } = row;
  switch (sort) {
    case 'newest':
      return { sort, live, createdAt: row.cursor_created_at, mint };
    case 'market_cap':
      return { sort, marketCap, mint };
    case 'participants':
      return { sort, participants: row.num_participants, marketCap, mint };
    case 'activity':
      return { sort, live, marketCap, mint };
  }
};

/** Stream rules: listing, search, ensure-exists, upsert and the live flag, with ownership checks. */
export const createStreamsService = (repo: StreamsRepository, opts: { cacheTtlMs?: number } = {}) => {
  const cache = createResponseCache(opts.cacheTtlMs ?? 2_000);
  const listeners = new Set<(stream: TStream) => void>();
  const liveListeners = new Set<(stream: TStream) => void>();
  const changed = (row: StreamRow & { went_live?: boolean }): TStream => {
    cache.invalidate();
    const stream = toStream(row);
    for (const l of listeners) l(stream);
    if (row.went_live) for (const l of liveListeners) l(stream);
    return stream;
  };

  /** Rows as API streams, with their creators' usernames and avatars (one extra query per page). */
  const present = async (rows: StreamRow[]): Promise<TStream[]> => {
    const creators = [...new Set(rows.map((r) => r.creator_address).filter((a): a is string => Boolean(a)))];
    const profiles = await repo.profilesOf(creators);
    return rows.map((r) => toStream(r, r.creator_address ? profiles.get(r.creator_address) : undefined));
  };

  const list = async (query: TStreamListQuery) => {
    const position = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
    const offset = position && 'offset' in position ? position.offset : undefined;
    const rows = await repo.list({
      limit: query.limit,
      live: query.live,
      sort: query.sort,
      after: position && 'after' in position ? position.after : undefined,
      offset,
      includeNsfw: query.includeNsfw,
    });
    const items = await present(rows);
    const last = rows.at(-1);
    const nextCursor =
      last && rows.length === query.limit ? encodeCursor(cursorAfter(last, query.sort)) : null;
    return { items, nextCursor };
  };

  /** The stream, or null when none exists for the mint (yet). */
  const find = async (mint: string): Promise<TStream | null> => {
    const row = await repo.findByMint(mint);
    if (!row) return null;
    const [stream] = await present([row]);
    return stream!;
  };

  return {
    /** Subscribe to every stream change made through this service (used by background jobs and realtime). */
    onChange(listener: (stream: TStream) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Subscribe to streams going live (offline → live, once per broadcast), whoever set the flag. */
    onWentLive(listener: (stream: TStream) => void): () => void {
      liveListeners.add(listener);
      return () => liveListeners.delete(listener);
    },

    invalidateCache: () => cache.invalidate(),

    /**
     * Cached, serialised page of streams: `{ items, nextCursor }`. Keyed by the request URL, so a repeated
     * poll is answered before its query string is even parsed; `parse` runs only on a miss. A fresh entry
     * comes back as is, not in a promise, so the route can answer it in the same tick.
     */
    listCached(url: string, parse: () => TStreamListQuery): CachedBody | Promise<CachedBody> {
      const key = `list:${url}`;
      return cache.peek(key) ?? cache.get(key, () => list(parse()));
    },

    list,

    statsCached() {
      return cache.get('stats', () => repo.stats());
    },

    async search(text: string, limit: number, includeNsfw?: boolean) {
      const { rows, hasMore } = await repo.search(text, limit, includeNsfw);
      return { items: await present(rows), total: rows.length, hasMore };
    },

    /** A creator's public page: their profile (empty for a wallet without one) and their streams. */
    async creator(address: string): Promise<TCreatorPage> {
      const [rows, profiles] = await Promise.all([
        repo.byCreator(address, CREATOR_STREAMS_LIMIT),
        repo.profilesOf([address]),
      ]);
      const profile = profiles.get(address);
      return {
        address,
        username: profile?.username ?? null,
        profile_image: profile?.profile_image ?? null,
        streams: await present(rows),
      };
    },

    async get(mint: string): Promise<TStream> {
      const stream = await find(mint);
      if (!stream) throw notFound('Stream Not Found');
      return stream;
    },

    find,

    async ensureExists(mint: string): Promise<TStream> {
      const row = await repo.ensure(mint);
      cache.invalidate();
      return toStream(row);
    },

    /**
     * Upsert by the acting (signed-in) address. An existing stream keeps its symbol and image unless empty.
     * Its creator is fixed by the first upsert (a placeholder from ensure-exists has none yet); nobody else
     * may change it, live or not (decision 006).
     */
    async upsert(actor: string, input: TStreamUpsert): Promise<TStream> {
      const existing = await repo.findByMint(input.mint);
      if (!existing) {
        const row = await repo.insert({
          mint: input.mint,
          name: input.name,
          symbol: input.symbol,
          description: input.description,
          image_uri: input.image_uri || null,
          metadata_uri: null,
          twitter: input.twitter ?? null,
          telegram: input.telegram ?? null,
          website: input.website ?? null,
          thumbnail: null,
          creator_address: actor,
          usd_market_cap: input.usd_market_cap,
          is_currently_live: input.is_currently_live,
          num_participants: 0,
          is_nsfw: input.is_nsfw ?? false,
        });
        return changed(row);
      }
      if (existing.creator_address && existing.creator_address !== actor) {
        throw new AppError(403, STREAM_OWNED_BY_OTHER, 'This stream belongs to another wallet');
      }
      if (input.is_currently_live && existing.live_blocked_at) throw liveBlocked();
      const row = await repo.update(input.mint, {
        name: input.name,
        description: input.description,
        is_currently_live: input.is_currently_live,
        usd_market_cap: input.usd_market_cap || existing.usd_market_cap,
        creator_address: actor,
        symbol: existing.symbol && existing.creator_address ? existing.symbol : input.symbol,
        image_uri: existing.image_uri || input.image_uri || null,
        website: input.website ?? existing.website,
        twitter: input.twitter ?? existing.twitter,
        telegram: input.telegram ?? existing.telegram,
        // An admin's NSFW mark stays whatever the creator sends (the repository keeps it too).
        ...(input.is_nsfw !== undefined ? { is_nsfw: input.is_nsfw || existing.nsfw_by_admin } : {}),
      });
      if (!row) throw notFound('Stream Not Found');
      return changed(row);
    },

    /**
     * The recap of the current or last broadcast (creator only): its length, peak viewers, and what came in
     * during it. 404 when the stream never went live.
     */
    async recap(actor: string, mint: string): Promise<TStreamRecap> {
      const existing = await repo.findByMint(mint);
      if (!existing) throw notFound('Stream Not Found');
      assertCreator(existing.creator_address, actor, 'Only the stream creator can see its recap');
      if (!existing.last_live_started_at) throw notFound('This stream has not been live yet');
      const from = new Date(existing.last_live_started_at);
      const ended = existing.is_currently_live ? null : existing.last_live_ended_at;
      const to = ended ? new Date(ended) : new Date();
      return {
        startedAt: from.toISOString(),
        endedAt: ended ? new Date(ended).toISOString() : null,
        durationSeconds: Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)),
        peakViewers: existing.peak_participants,
        ...(await repo.recapCounts(mint, from, to)),
      };
    },

    /** Set the live flag; only the stream's creator may. */
    async setLive(actor: string, mint: string, live: boolean): Promise<TStream> {
      const existing = await repo.findByMint(mint);
      if (!existing) throw notFound('Stream Not Found');
      assertCreator(existing.creator_address, actor, 'Only the stream creator can change this stream');
      if (live && existing.live_blocked_at) throw liveBlocked();
      const row = await repo.update(
        mint,
        live ? { is_currently_live: true } : { is_currently_live: false, num_participants: 0 },
      );
      if (!row) throw notFound('Stream Not Found');
      return changed(row);
    },

    /** Whether an admin's end of the broadcast still holds (the stream may not go live); false when unknown. */
    async isLiveBlocked(mint: string): Promise<boolean> {
      return Boolean((await repo.findByMint(mint))?.live_blocked_at);
    },

    /** Internal updates (webhooks, market-data refresh): no actor, no ownership check. */
    async applySystemUpdate(
      mint: string,
      values: Parameters<StreamsRepository['update']>[1],
    ): Promise<TStream | null> {
      const row = await repo.update(mint, values);
      return row ? changed(row) : null;
    },
  };
};

export type StreamsService = ReturnType<typeof createStreamsService>;

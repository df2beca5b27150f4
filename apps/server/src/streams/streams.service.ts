import {
  isBoundedIsoDate,
  isTokenAddress,
  type TStream,
  type TStreamListQuery,
  type TStreamUpsert,
} from '@mintcast/contracts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { createResponseCache } from './response-cache.ts';
import { type StreamRow, toStream } from './stream-row.ts';
import type { NewestCursor, StreamsRepository } from './streams.repository.ts';

const encodeCursor = (c: NewestCursor | { offset: number }): string =>
  Buffer.from(JSON.stringify(c)).toString('base64url');

const decodeCursor = (text: string): Partial<NewestCursor & { offset: number }> => {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (value && typeof value === 'object') return value;
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
};

/** Stream rules: listing, search, ensure-exists, upsert and the live flag, with ownership checks. */
export const createStreamsService = (repo: StreamsRepository, opts: { cacheTtlMs?: number } = {}) => {
  const cache = createResponseCache(opts.cacheTtlMs ?? 2_000);
  const listeners = new Set<(stream: TStream) => void>();
  const changed = (row: StreamRow): TStream => {
    cache.invalidate();
    const stream = toStream(row);
    for (const l of listeners) l(stream);
    return stream;
  };

  /** Rows as API streams, with their creators' usernames and avatars (one extra query per page). */
  const present = async (rows: StreamRow[]): Promise<TStream[]> => {
    const creators = [...new Set(rows.map((r) => r.creator_address).filter((a): a is string => Boolean(a)))];
    const profiles = await repo.profilesOf(creators);
    return rows.map((r) => toStream(r, r.creator_address ? profiles.get(r.creator_address) : undefined));
  };

  const list = async (query: TStreamListQuery) => {
    let after: NewestCursor | undefined;
    let offset: number | undefined;
    if (query.cursor) {
      const c = decodeCursor(query.cursor);
      if (query.sort === 'newest') {
        // A cursor is client-held text: its fields are checked as strictly as any other input.
        if (typeof c.live !== 'boolean' || typeof c.createdAt !== 'string' || typeof c.mint !== 'string')
          throw badRequest('Invalid cursor');
        if (!isBoundedIsoDate(c.createdAt) || !isTokenAddress(c.mint)) throw badRequest('Invalid cursor');
        after = { live: c.live, createdAt: c.createdAt, mint: c.mint };
      } else {
        if (typeof c.offset !== 'number' || !Number.isInteger(c.offset) || c.offset < 0 || c.offset > 10_000)
          throw badRequest('Invalid cursor');
        offset = c.offset;
      }
    }
    const rows = await repo.list({
      limit: query.limit,
      live: query.live,
      sort: query.sort,
      after,
      offset,
      includeNsfw: query.includeNsfw,
    });
    const items = await present(rows);
    const last = rows.at(-1);
    let nextCursor: string | null = null;
    if (last && rows.length === query.limit) {
      nextCursor =
        query.sort === 'newest'
          ? encodeCursor({
              live: last.is_currently_live,
              createdAt: new Date(last.created_at).toISOString(),
              mint: last.mint,
            })
          : encodeCursor({ offset: (offset ?? 0) + rows.length });
    }
    return { items, nextCursor };
  };

  return {
    /** Subscribe to every stream change made through this service (used by background jobs and realtime). */
    onChange(listener: (stream: TStream) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    invalidateCache: () => cache.invalidate(),

    /**
     * Cached, serialised page of streams: `{ items, nextCursor }`. Keyed by the request URL, so a repeated
     * poll is answered before its query string is even parsed; `parse` runs only on a miss.
     */
    listCached(url: string, parse: () => TStreamListQuery) {
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

    async get(mint: string): Promise<TStream> {
      const row = await repo.findByMint(mint);
      if (!row) throw notFound('Stream Not Found');
      const [stream] = await present([row]);
      return stream!;
    },

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
        throw forbidden('This stream belongs to another wallet');
      }
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
        ...(input.is_nsfw !== undefined ? { is_nsfw: input.is_nsfw } : {}),
      });
      if (!row) throw notFound('Stream Not Found');
      return changed(row);
    },

    /** Set the live flag; only the stream's creator may. */
    async setLive(actor: string, mint: string, live: boolean): Promise<TStream> {
      const existing = await repo.findByMint(mint);
      if (!existing) throw notFound('Stream Not Found');
      if (existing.creator_address !== actor)
        throw forbidden('Only the stream creator can change this stream');
      const row = await repo.update(
        mint,
        live ? { is_currently_live: true } : { is_currently_live: false, num_participants: 0 },
      );
      if (!row) throw notFound('Stream Not Found');
      return changed(row);
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

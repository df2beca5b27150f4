import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BodyEncoding } from '../http/content-encoding.ts';

/** One encoding of a cached body: its bytes and the ETag of exactly those bytes. */
export interface EncodedBody {
  bytes: Buffer;
  etag: string;
}

/**
 * A serialised JSON response with its ETag, computed once per cache fill, and its brotli and gzip
 * encodings, each computed the first time a client asks for it: every later poll of the same URL sends
 * stored bytes instead of compressing them again (issue 36).
 */
export class CachedBody {
  readonly etag: string;
  /** The body's UTF-8 bytes, encoded once: a string reply is measured and encoded again on every send. */
  readonly bytes: Buffer;
  readonly #encoded: Partial<Record<BodyEncoding, EncodedBody>> = {};

  constructor(readonly body: string) {
    this.bytes = Buffer.from(body);
    this.etag = `"${createHash('sha1').update(this.bytes).digest('base64url')}"`;
  }

  /** The body in `encoding` (a different representation, so a different ETag). */
  encoded(encoding: BodyEncoding): EncodedBody {
    let hit = this.#encoded[encoding];
    if (!hit) {
      const bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(this.body);
      hit = { bytes, etag: `${this.etag.slice(0, -1)}-${encoding}"` };
      this.#encoded[encoding] = hit;
    }
    return hit;
  }
}

/**
 * Serialised JSON responses kept for a short time and dropped on every local write.
 * Other instances' writes show up within `ttlMs`, so N instances stay consistent enough for lists
 * that clients poll every 30 s anyway.
 */
export const createResponseCache = (ttlMs: number, maxEntries = 500) => {
  const entries = new Map<string, { value: CachedBody; expires: number }>();
  const inflight = new Map<string, Promise<CachedBody>>();
  let generation = 0;

  return {
    /** A fresh entry, or undefined: lets a route answer a repeated URL before parsing anything. */
    peek(key: string): CachedBody | undefined {
      const hit = entries.get(key);
      return hit && hit.expires > Date.now() ? hit.value : undefined;
    },

    async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      const pending = inflight.get(key);
      if (pending) return pending;
      const startedAt = generation;
      const promise = (async () => {
        const value = new CachedBody(JSON.stringify(await load()));
        // A write during the load makes this result stale: hand it to the waiting callers only.
        if (startedAt === generation) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(key, { value, expires: Date.now() + ttlMs });
        }
        return value;
      })().finally(() => inflight.delete(key));
      inflight.set(key, promise);
      return promise;
    },
    invalidate(): void {
      generation += 1;
      entries.clear();
      inflight.clear();
    },
  };
};

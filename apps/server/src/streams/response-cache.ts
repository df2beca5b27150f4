import { createHash } from 'node:crypto';

export interface CachedBody {
  body: string;
  etag: string;
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
        const body = JSON.stringify(await load());
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        const value = { body, etag };
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

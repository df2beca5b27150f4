import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

/** Where the web build writes its render worker (apps/web/prerender.ts, SSR_DIR); never served. */
export const RENDER_WORKER = path.join('ssr', 'render-worker.mjs');

/**
 * A render that takes this long means the worker is stuck: the page goes out without its first view, and the
 * worker is replaced. A render takes milliseconds; the bound is wide so a busy machine never trips it.
 */
const RENDER_TIMEOUT_MS = 10_000;

/** Rendered first views kept, oldest dropped first (a few KB each). */
const CACHE_ENTRIES = 256;

type RenderResponse = { id: number; html: string } | { id: number; error: string };

export interface FirstViewRenderer {
  /** The markup of `pagePath`'s first view showing `data`, or null when it could not be rendered in time. */
  render(pagePath: string, data: object): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The web build's render worker (decision 017), kept running in a worker thread: the app's modules need browser
 * globals that must not exist in the server's own thread. Started with the server so the first stream page does
 * not wait for it; null when the build has none (the pages are then sent without a first view).
 */
export const createFirstViewRenderer = (
  webDist: string,
  log: FastifyBaseLogger,
): FirstViewRenderer | null => {
  const file = path.join(webDist, RENDER_WORKER);
  if (!existsSync(file)) return null;
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, (html: string | null) => void>();
  const settleAll = () => {
    for (const done of pending.values()) done(null);
    pending.clear();
  };
  const stop = (w: Worker) => {
    if (worker !== w) return;
    worker = null;
    settleAll();
    void w.terminate();
  };
  const start = (): Worker => {
    const w = new Worker(file);
    w.unref();
    w.on('message', (res: RenderResponse) => {
      const done = pending.get(res.id);
      pending.delete(res.id);
      if ('error' in res) log.error({ err: res.error }, 'first view render failed');
      done?.('html' in res ? res.html : null);
    });
    w.on('error', (err) => {
      log.error({ err }, 'first view render worker failed');
      stop(w);
    });
    w.on('exit', () => stop(w));
    return w;
  };
  worker = start();
  // A first view is a pure function of the page and its data: every visitor of a stream whose record has not
  // changed gets the markup rendered for the first one, and a flood of requests for a page costs one render.
  // Renders in flight are shared too. A failed one is forgotten, so the next request tries again.
  const cache = new Map<string, Promise<string | null>>();
  const remember = (key: string, html: Promise<string | null>) => {
    cache.set(key, html);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  };
  const renderNow = (pagePath: string, data: object): Promise<string | null> =>
    new Promise((resolve) => {
      if (!worker) worker = start();
      const w = worker;
      const id = nextId++;
      const timer = setTimeout(() => {
        log.error({ pagePath }, 'first view render timed out');
        stop(w);
      }, RENDER_TIMEOUT_MS);
      pending.set(id, (html) => {
        clearTimeout(timer);
        resolve(html);
      });
      w.postMessage({ id, path: pagePath, data });
    });
  return {
    render: (pagePath, data) => {
      const key = `${pagePath}\n${JSON.stringify(data)}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const html = renderNow(pagePath, data).then((h) => {
        if (h === null && cache.get(key) === html) cache.delete(key);
        return h;
      });
      remember(key, html);
      return html;
    },
    close: async () => {
      const w = worker;
      if (w) stop(w);
      await w?.terminate();
    },
  };
};

import { parentPort } from 'node:worker_threads';
import type { FirstViewData } from '../prerender.tsx';
import { installBrowserStubs } from './browser-stubs.ts';

/** A request to the render worker: the page's path and the data its first view shows. */
export interface RenderRequest {
  id: number;
  path: string;
  data?: FirstViewData;
}

/** The answer: the first view's markup, or why it could not be rendered. */
export type RenderResponse = { id: number; html: string } | { id: number; error: string };

/**
 * The pre-render as a worker thread (decision 017), built by `vite build` into `dist/ssr/render-worker.mjs`. The
 * build asks it for the home screen; the API server keeps one running and asks it for each stream page with that
 * stream's record. In a worker because the app's modules need browser globals the server's thread must not have.
 */
installBrowserStubs();
// Loaded after the stubs: the app's modules read them as they load.
const { prerender } = await import('../prerender.tsx');
parentPort?.on('message', (req: RenderRequest) => {
  prerender(req.path, req.data).then(
    (html) => parentPort?.postMessage({ id: req.id, html } satisfies RenderResponse),
    (err: unknown) => parentPort?.postMessage({ id: req.id, error: String(err) } satisfies RenderResponse),
  );
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { type BundleChunk, builtPreloads, withAppLoader } from './app-loader.ts';
import type { RenderRequest, RenderResponse } from './src/ssr/render-worker.ts';

/** Screens whose first view the build writes to `dist/prerender/<name>.html` (the server serves them). */
export const PRERENDERED = { home: '/' } as const;

/**
 * Screens drawn from HTML before the app starts (the pre-rendered home, the server-rendered stream page):
 * their route's chunks are preloaded with the start-up's, a few per task (app-loader.ts).
 */
const PRELOADED_ROUTES = [
  { path: '/', prefix: false, source: 'src/routes/home/index.tsx' },
  { path: '/livestream/', prefix: true, source: 'src/routes/livestream/index.tsx' },
];

/** Where in dist the build writes the render worker (`ssr/render-worker.mjs`); the server does not serve it. */
export const SSR_DIR = 'ssr';

/**
 * The built index.html's tags: the stylesheet, and instead of Vite's entry script and modulepreload links an
 * inline loader that starts them once the first frame has painted (app-loader.ts). The page paints from HTML
 * and CSS alone (the pre-rendered view), so no script request may come ahead of it.
 */
export const paintFirstTags = (): Plugin => ({
  name: 'mintcast-paint-first-tags',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) =>
      withAppLoader(html, (already) =>
        ctx.bundle && ctx.chunk
          ? builtPreloads(
              ctx.bundle as Record<string, BundleChunk>,
              ctx.chunk.fileName,
              already,
              PRELOADED_ROUTES,
            )
          : { steps: [], routes: [] },
      ),
  },
});

/**
 * After the client build, bundles the render worker (src/ssr/render-worker.ts) into `dist/ssr/`, asks it for the
 * first view of each PRERENDERED screen — the app's own components, so no copy can drift — and writes it,
 * wrapped in `<div data-prerendered inert>`; the server puts it in #root (and asks the same worker for each
 * stream page). styles.css hides the wrapper wherever React's first view would differ (wider screens, another
 * language, a stored session); main.tsx replaces it with the live app once the route's code has loaded.
 */
export const prerenderFirstViews = (): Plugin => {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'mintcast-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The render worker, bundled whole (it runs in the API server, which has none of the web app's packages).
      await build({
        root,
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        publicDir: false,
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/ssr/render-worker.ts',
          outDir: path.join(outDir, SSR_DIR),
          emptyOutDir: true,
          target: 'node20',
          rollupOptions: { output: { entryFileNames: '[name].mjs', codeSplitting: false } },
        },
      });
      const worker = new Worker(path.join(outDir, SSR_DIR, 'render-worker.mjs'));
      try {
        mkdirSync(path.join(outDir, 'prerender'), { recursive: true });
        for (const [name, route] of Object.entries(PRERENDERED)) {
          const html = `<div data-prerendered inert>${await render(worker, route)}</div>`;
          if (/<script/i.test(html)) throw new Error(`prerender ${route}: the markup has a <script>`);
          writeFileSync(path.join(outDir, 'prerender', `${name}.html`), html);
        }
      } finally {
        await worker.terminate();
      }
    },
  };
};

/** One page's first view from the render worker. */
const render = (worker: Worker, route: string): Promise<string> =>
  new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (res: RenderResponse) =>
      'html' in res ? resolve(res.html) : reject(new Error(`prerender ${route}: ${res.error}`)),
    );
    worker.postMessage({ id: 0, path: route } satisfies RenderRequest);
  });

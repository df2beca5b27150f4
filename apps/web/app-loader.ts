/** The app's JavaScript as the build wrote it into index.html: the entry module and the chunks it imports. */
export interface AppScripts {
  entry: string;
  preloads: string[];
  /** Screens whose route chunks are preloaded too, after `preloads`, when the page's path is theirs. */
  routes?: RoutePreload[];
}

/** A screen's route chunk and the chunks it imports that the start-up does not. */
export interface RoutePreload {
  /** The page's path, or its start when `prefix`. */
  path: string;
  prefix: boolean;
  chunks: string[];
}

/**
 * Each modulepreload link costs the main thread about half a millisecond as it is added, 2 ms or more on a
 * phone 4x slower: the ~40 at once were a 20-30 ms task, and 8 per task were still 57-80 ms tasks with the CPU
 * slowed 4x (bench/web/start-up-tasks.ts), so they are added four per task.
 */
export const PRELOADS_PER_TASK = 4;

/**
 * The inline script that starts the app's JavaScript once the pre-rendered first view has been painted
 * (decision 017, fourth step). Until then the page paints from HTML and CSS alone and no script request
 * competes with it: Lighthouse's simulated LCP counts every request that ended before the observed first
 * paint, which were ~40 modulepreload'ed chunks. The browser reports that paint (`first-contentful-paint`)
 * only once it is on screen — the frame after rAF can reach the screen 100 ms later. Where no pre-rendered
 * view is shown (another screen, a wide one, a hidden tab) there is nothing to wait for and the scripts start
 * once the page is parsed and its first frame drawn. A second after that frame they start in any case. ES5
 * like the palette script; the CSP allows it by its hash (security-headers.ts).
 */
export const appLoaderScript = ({ entry, preloads, routes = [] }: AppScripts): string => `
      (function () {
        var started = false;
        var add = function (tag, attrs) {
          var el = document.createElement(tag);
          for (var k in attrs) el.setAttribute(k, attrs[k]);
          document.head.appendChild(el);
        };
        var preloads = ${JSON.stringify(preloads)};
        var routes = ${JSON.stringify(routes)};
        var path = location.pathname;
        for (var r = 0; r < routes.length; r++) {
          if (routes[r].prefix ? path.indexOf(routes[r].path) === 0 : path === routes[r].path) {
            preloads = preloads.concat(routes[r].chunks);
            break;
          }
        }
        var preloadSome = function () {
          preloads.splice(0, ${PRELOADS_PER_TASK}).forEach(function (href) {
            add('link', { rel: 'modulepreload', crossorigin: '', href: href });
          });
          if (preloads.length) setTimeout(preloadSome, 0);
        };
        var start = function () {
          if (started) return;
          started = true;
          add('script', { type: 'module', crossorigin: '', src: ${JSON.stringify(entry)} });
          preloadSome();
        };
        var afterPaint = function () {
          var view = document.querySelector('#root > [data-prerendered]');
          var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
          if (!view || !view.getClientRects().length || types.indexOf('paint') < 0) return start();
          new PerformanceObserver(function (list, observer) {
            if (!list.getEntriesByName('first-contentful-paint').length) return;
            observer.disconnect();
            start();
          }).observe({ type: 'paint', buffered: true });
          setTimeout(start, 1000);
        };
        var parsed = function () {
          if (document.visibilityState === 'hidden') start();
          else requestAnimationFrame(function () { setTimeout(afterPaint, 0); });
        };
        if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
        else parsed();
      })();
    `;

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** What the loader needs of one chunk of the build's bundle (Rollup's OutputChunk). */
export interface BundleChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
}

/** `file` and every chunk it imports statically, depth first, as page paths, leaving out those in `seen`. */
const closure = (bundle: Record<string, BundleChunk>, file: string, seen: Set<string>): string[] => {
  const out: string[] = [];
  const visit = (f: string) => {
    const href = `/${f}`;
    const chunk = bundle[f];
    if (seen.has(href) || chunk?.type !== 'chunk') return;
    seen.add(href);
    out.push(href);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(file);
  return out;
};

/** What the loader preloads beyond index.html's own links, from the build's bundle. */
export interface BuiltPreloads {
  /** The start-up steps' chunks: main.tsx imports each step with `import()` (decision 017, seventh step). */
  steps: string[];
  routes: RoutePreload[];
}

/**
 * The start-up steps' chunks (the entry's dynamic imports and everything they import statically, which Vite
 * leaves out of index.html), then for each of `screens` (a page path and the source of its route module) the
 * route's chunks the start-up does not load: the router imports a route with Vite's preload helper, which
 * adds a modulepreload link for each of them in one task (32 % of a 73 ms task on a throttled stream page).
 * Added a few per task by the loader first, they are already there when the router asks.
 */
export const builtPreloads = (
  bundle: Record<string, BundleChunk>,
  entryFile: string,
  already: string[],
  screens: { path: string; prefix: boolean; source: string }[] = [],
): BuiltPreloads => {
  const seen = new Set(already);
  const steps = (bundle[entryFile]?.dynamicImports ?? []).flatMap((step) => closure(bundle, step, seen));
  const routes = screens.map(({ path, prefix, source }) => {
    const route = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(source));
    if (!route) throw new Error(`build: no chunk for the route module ${source}`);
    return { path, prefix, chunks: closure(bundle, route.fileName, new Set(seen)) };
  });
  return { steps, routes };
};

/**
 * index.html with Vite's entry script and modulepreload links replaced by `appLoaderScript`, placed before
 * the stylesheet link so it does not wait for the stylesheet to be parsed (the HTML parser would). `built`
 * adds what the build's bundle says (`builtPreloads`), given the scripts index.html already names.
 */
export const withAppLoader = (
  html: string,
  built: (already: string[]) => BuiltPreloads = () => ({ steps: [], routes: [] }),
): string => {
  const entry = html.match(ENTRY)?.[1];
  if (!entry) throw new Error('index.html: no entry <script type="module"> found');
  const imported = [...html.matchAll(PRELOAD)].map((m) => m[1] ?? '');
  const { steps, routes } = built([entry, ...imported]);
  const preloads = [...imported, ...steps];
  const out = html.replace(ENTRY, '').replace(PRELOAD, '');
  const at = out.search(/\s*<link rel="stylesheet"/);
  if (at < 0) throw new Error('index.html: no stylesheet link found');
  const loader = `\n    <script>${appLoaderScript({ entry, preloads, routes })}</script>`;
  return out.slice(0, at) + loader + out.slice(at);
};

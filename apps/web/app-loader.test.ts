import { expect, test } from 'vitest';
import {
  type AppScripts,
  appLoaderScript,
  type BundleChunk,
  builtPreloads,
  PRELOADS_PER_TASK,
  withAppLoader,
} from './app-loader.ts';

// index.html as Vite writes it (the tags that matter).
const BUILT = `<head>
    <title>Mintcast</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/api-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>`;

test('the built page requests no script itself: Vite’s entry and modulepreload tags become the inline loader, ahead of the stylesheet', () => {
  const html = withAppLoader(BUILT);
  expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|src=/);
  expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('rel="stylesheet"'));
  expect(html).toContain('"/assets/index-A.js"');
  expect(html).toContain('["/assets/react-B.js","/assets/api-C.js"]');
});

type Page = { visibilityState: 'visible' | 'hidden'; view: 'shown' | 'hidden' | 'none' };

/** Runs the loader against a stand-in page whose parsing, frames, timers and paint entries the test drives. */
const runLoader = ({ visibilityState, view }: Page, scripts: AppScripts = SCRIPTS, pathname = '/') => {
  const added: string[] = [];
  const queues = { parsed: [], frames: [], tasks: [], second: [], paints: [] } as Record<
    string,
    (() => void)[]
  >;
  // Runs the queue `rounds` times, or until it stays empty (a callback may queue the next one).
  const run =
    (name: string) =>
    (rounds = Number.POSITIVE_INFINITY) => {
      for (let i = 0; i < rounds && queues[name]?.length; i++)
        for (const fn of queues[name]?.splice(0) ?? []) fn();
    };
  const document = {
    readyState: 'loading',
    visibilityState,
    head: {
      appendChild: (el: { tag: string; attrs: Record<string, string> }) =>
        added.push(`${el.tag} ${el.attrs.src ?? el.attrs.href} ${el.attrs.type ?? el.attrs.rel}`),
    },
    createElement: (tag: string) => {
      const attrs: Record<string, string> = {};
      const setAttribute = (k: string, v: string) => {
        attrs[k] = v;
      };
      return { tag, attrs, setAttribute };
    },
    addEventListener: (name: string, fn: () => void) =>
      name === 'DOMContentLoaded' && queues.parsed?.push(fn),
    querySelector: () => (view === 'none' ? null : { getClientRects: () => (view === 'shown' ? [{}] : []) }),
  };
  class PerformanceObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly onEntries: (list: unknown, observer: unknown) => void) {}
    observe() {
      const list = { getEntriesByName: (n: string) => (n === 'first-contentful-paint' ? [{}] : []) };
      queues.paints?.push(() => this.onEntries(list, this));
    }
    disconnect() {}
  }
  new Function(
    'window',
    'document',
    'PerformanceObserver',
    'requestAnimationFrame',
    'setTimeout',
    'location',
    appLoaderScript(scripts),
  )(
    { PerformanceObserver },
    document,
    PerformanceObserver,
    (fn: () => void) => queues.frames?.push(fn),
    (fn: () => void, ms = 0) => queues[ms >= 1000 ? 'second' : 'tasks']?.push(fn),
    { pathname },
  );
  return {
    added,
    parsed: run('parsed'),
    frame: run('frames'),
    tasks: run('tasks'),
    painted: run('paints'),
    secondLater: run('second'),
  };
};
const SCRIPTS = { entry: '/assets/index-A.js', preloads: ['/assets/react-B.js'] };
const ALL = ['script /assets/index-A.js module', 'link /assets/react-B.js modulepreload'];

test('with a pre-rendered view on screen, the app’s scripts start once the browser reports it painted', () => {
  const page = runLoader({ visibilityState: 'visible', view: 'shown' });
  page.frame();
  page.tasks();
  page.parsed();
  page.frame();
  page.tasks();
  expect(page.added).toEqual([]); // drawn, but not yet reported on screen
  page.painted();
  expect(page.added).toEqual(ALL);
  page.secondLater();
  expect(page.added).toEqual(ALL); // once
});

test('a paint that is never reported holds the app back a second at most', () => {
  const page = runLoader({ visibilityState: 'visible', view: 'shown' });
  page.parsed();
  page.frame();
  page.tasks();
  expect(page.added).toEqual([]);
  page.secondLater();
  expect(page.added).toEqual(ALL);
});

test('with no pre-rendered view shown (another screen, a wide one), they start after the first frame', () => {
  for (const view of ['none', 'hidden'] as const) {
    const page = runLoader({ visibilityState: 'visible', view });
    page.parsed();
    expect(page.added).toEqual([]);
    page.frame();
    page.tasks();
    expect(page.added, view).toEqual(ALL);
  }
});

test('in a hidden tab (no frames) they start once the page is parsed', () => {
  const page = runLoader({ visibilityState: 'hidden', view: 'shown' });
  page.parsed();
  expect(page.added).toEqual(ALL);
});

test('the modulepreload links are added a few per task, not ~40 in one long task', () => {
  const preloads = Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`);
  const page = runLoader(
    { visibilityState: 'visible', view: 'none' },
    { entry: '/assets/index-A.js', preloads },
  );
  page.parsed();
  page.frame();
  let tasks = 0;
  for (let before = -1; page.added.length > before; tasks++) {
    before = page.added.length;
    page.tasks(1);
    expect(page.added.length - before).toBeLessThanOrEqual(PRELOADS_PER_TASK + (tasks === 0 ? 1 : 0));
  }
  expect(page.added).toHaveLength(21);
  expect(page.added[0]).toBe('script /assets/index-A.js module');
});

// A build's bundle: the entry imports two start-up steps; the steps share a chunk; two routes.
const BUNDLE: Record<string, BundleChunk> = {
  'assets/index-A.js': {
    type: 'chunk',
    fileName: 'assets/index-A.js',
    imports: ['assets/react-B.js'],
    dynamicImports: ['assets/step-E.js', 'assets/step-F.js'],
  },
  'assets/step-E.js': {
    type: 'chunk',
    fileName: 'assets/step-E.js',
    imports: ['assets/react-B.js', 'assets/i18n-G.js'],
  },
  'assets/step-F.js': {
    type: 'chunk',
    fileName: 'assets/step-F.js',
    imports: ['assets/i18n-G.js', 'assets/router-H.js'],
    dynamicImports: ['assets/home-I.js', 'assets/live-J.js'],
  },
  'assets/i18n-G.js': { type: 'chunk', fileName: 'assets/i18n-G.js' },
  'assets/router-H.js': { type: 'chunk', fileName: 'assets/router-H.js' },
  'assets/home-I.js': {
    type: 'chunk',
    fileName: 'assets/home-I.js',
    facadeModuleId: '/app/src/routes/home/index.tsx',
    imports: ['assets/router-H.js', 'assets/card-K.js'],
  },
  'assets/live-J.js': {
    type: 'chunk',
    fileName: 'assets/live-J.js',
    facadeModuleId: '/app/src/routes/livestream/index.tsx',
    imports: ['assets/card-K.js', 'assets/chat-L.js'],
  },
  'assets/card-K.js': { type: 'chunk', fileName: 'assets/card-K.js' },
  'assets/chat-L.js': { type: 'chunk', fileName: 'assets/chat-L.js' },
  'assets/index-D.css': { type: 'asset', fileName: 'assets/index-D.css' },
};
const SCREENS = [
  { path: '/', prefix: false, source: 'src/routes/home/index.tsx' },
  { path: '/livestream/', prefix: true, source: 'src/routes/livestream/index.tsx' },
];

test("the start-up steps' chunks (the entry's dynamic imports and their static imports) are preloaded after the entry's, once each, and not the routes'", () => {
  const html = withAppLoader(BUILT, (already) => builtPreloads(BUNDLE, 'assets/index-A.js', already));
  expect(html).toContain(
    '["/assets/react-B.js","/assets/api-C.js","/assets/step-E.js","/assets/i18n-G.js","/assets/step-F.js","/assets/router-H.js"]',
  );
  expect(html).not.toContain('card-K');
});

test("on a pre-rendered screen the loader preloads its route's chunks after the start-up's, only those the start-up does not load", () => {
  const built = builtPreloads(
    BUNDLE,
    'assets/index-A.js',
    ['/assets/index-A.js', '/assets/react-B.js'],
    SCREENS,
  );
  expect(built.routes).toEqual([
    { path: '/', prefix: false, chunks: ['/assets/home-I.js', '/assets/card-K.js'] },
    {
      path: '/livestream/',
      prefix: true,
      chunks: ['/assets/live-J.js', '/assets/card-K.js', '/assets/chat-L.js'],
    },
  ]);
  const scripts = { entry: '/assets/index-A.js', preloads: ['/assets/react-B.js'], routes: built.routes };
  const linked = (pathname: string) => {
    const page = runLoader({ visibilityState: 'hidden', view: 'none' }, scripts, pathname);
    page.parsed();
    page.tasks();
    return page.added.filter((a) => a.startsWith('link')).map((a) => a.split(' ')[1]);
  };
  expect(linked('/livestream/0xabc')).toEqual([
    '/assets/react-B.js',
    '/assets/live-J.js',
    '/assets/card-K.js',
    '/assets/chat-L.js',
  ]);
  expect(linked('/')).toEqual(['/assets/react-B.js', '/assets/home-I.js', '/assets/card-K.js']);
  expect(linked('/explore')).toEqual(['/assets/react-B.js']);
  expect(() =>
    builtPreloads(
      BUNDLE,
      'assets/index-A.js',
      [],
      [{ path: '/x', prefix: false, source: 'src/routes/x.tsx' }],
    ),
  ).toThrow(/no chunk/);
});

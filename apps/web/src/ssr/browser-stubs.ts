const noop = () => {};

/**
 * Just enough of a browser for the app's modules to load in Node (the pre-render, decision 017): an empty
 * localStorage (signed out, default settings), no matching media query (a phone), and event targets that never
 * fire. Installed by the render worker before it loads any app module — only in that worker thread, never in
 * the API server's own. Fills in only what Node lacks; returns the undo (for tests).
 */
export const installBrowserStubs = (): (() => void) => {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, String(v)),
    removeItem: (k: string) => void memory.delete(k),
    clear: () => memory.clear(),
    key: () => null,
    length: 0,
  };
  const mql = { matches: false, addEventListener: noop, removeEventListener: noop };
  const classList = { toggle: noop, add: noop, remove: noop, replace: noop, contains: () => false };
  const g = globalThis as Record<string, unknown>;
  const stubs: Record<string, unknown> = {
    window: globalThis,
    localStorage: storage,
    sessionStorage: storage,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => true,
    matchMedia: () => mql,
    location: new URL('http://localhost/'),
    requestIdleCallback: noop,
    document: {
      documentElement: { classList, lang: 'en' },
      title: '',
      visibilityState: 'visible',
      addEventListener: noop,
      removeEventListener: noop,
      querySelector: () => null,
      getElementById: () => null,
    },
  };
  const added = Object.keys(stubs).filter((k) => !(k in g));
  for (const k of added) g[k] = stubs[k];
  return () => {
    for (const k of added) delete g[k];
  };
};

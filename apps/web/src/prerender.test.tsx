import { expect, test, vi } from 'vitest';
import { installBrowserStubs } from './ssr/browser-stubs.ts';
import { aStream } from './test-support/stream.ts';

/** Each test imports the whole app for server rendering: a ceiling for a busy 2-core machine, never a wait. */
const IMPORT_CEILING_MS = 60_000;

test(
  'the build pre-render leaves no timer behind (React Query garbage-collection timers kept `vite build` running for 5 minutes)',
  async () => {
    const restore = installBrowserStubs();
    vi.useFakeTimers();
    try {
      const { prerender } = await import('./prerender.tsx');
      const html = await prerender('/');
      expect(html).toContain('href="/start-streaming"');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      restore();
    }
  },
  IMPORT_CEILING_MS,
);

const NAME = '</script><script>alert(1)</script><img src=x onerror=alert(1)>';
const stream = aStream({ name: NAME, symbol: '<b>X</b>' });

test(
  'a stream page pre-renders with its stream, whose name and symbol come out as text, never markup',
  async () => {
    const restore = installBrowserStubs();
    try {
      const { prerender } = await import('./prerender.tsx');
      const html = await prerender(`/livestream/${stream.mint}`, { stream });
      expect(html).toContain(
        '>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</h1>',
      );
      expect(html).toContain('&lt;b&gt;X&lt;/b&gt;');
      expect(html).not.toMatch(/<script|<img src=x|<b>/);
      // The app's test ids are not in the copy (a test's locator would find both while both are on the page).
      expect(html).not.toContain('data-testid');
    } finally {
      restore();
    }
  },
  IMPORT_CEILING_MS,
);

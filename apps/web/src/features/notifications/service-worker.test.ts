import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Listener = (event: Record<string, unknown>) => void;

/** Run public/sw.js against a fake worker global; returns its listeners and the notifications it shows. */
const loadWorker = (language = 'en-US') => {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: { body: string; data: { url: string }; tag: string } }[] = [];
  const self = {
    location: new URL('https://mintcast.example/sw.js'),
    navigator: { language },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
    registration: {
      showNotification: async (title: string, options: (typeof shown)[number]['options']) => {
        shown.push({ title, options });
      },
    },
  };
  const source = readFileSync(path.resolve(import.meta.dirname, '../../../public/sw.js'), 'utf8');
  new Function('self', source)(self);
  const push = async (payload: unknown) => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get('push')?.({
      data: { json: () => payload },
      waitUntil: (p: Promise<unknown>) => {
        done = p;
      },
    });
    await done;
  };
  return { listeners, shown, push };
};

const live = {
  type: 'stream_went_live',
  mint: `0x${'a'.repeat(40)}`,
  name: 'Moon Show',
  symbol: 'MOON',
  image_uri: 'https://img.example/moon.png',
  url: `https://mintcast.example/livestream/0x${'a'.repeat(40)}`,
};

describe('service worker (public/sw.js)', () => {
  it('never answers fetches itself, so a deploy is never hidden behind a cached app', () => {
    const { listeners } = loadWorker();
    expect([...listeners.keys()].sort()).toEqual(['activate', 'install', 'notificationclick', 'push']);
  });

  it("shows a go-live push in the browser's language, opening the stream page", async () => {
    const w = loadWorker('fr-FR');
    await w.push(live);
    expect(w.shown).toEqual([
      {
        title: 'Moon Show ($MOON)',
        options: expect.objectContaining({
          body: 'est en direct',
          tag: `live-${live.mint}`,
          data: { url: live.url },
        }),
      },
    ]);
  });

  it('opens only pages of its own site, and ignores pushes it does not know', async () => {
    const w = loadWorker();
    await w.push({ ...live, url: 'https://evil.example/phish' });
    expect(w.shown[0]?.options.data.url).toBe('https://mintcast.example/');
    await w.push({ type: 'something_else' });
    expect(w.shown).toHaveLength(1);
  });
});

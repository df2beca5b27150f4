import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The built SPA: client routes get the page, build files are served as they are, a missing one is a 404. */
const webDist = mkdtempSync(path.join(tmpdir(), 'mintcast-spa-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Mintcast</title></head><body><div id="root"></div></body></html>',
);
// The web build's pre-rendered first view of the home screen (apps/web/prerender.ts).
const homeView = '<div data-prerendered inert><main><h1>Crypto Streaming</h1></main></div>';
mkdirSync(path.join(webDist, 'prerender'));
writeFileSync(path.join(webDist, 'prerender', 'home.html'), homeView);
// A stand-in for the web build's render worker (apps/web/src/ssr/render-worker.ts): the stream's name in an
// <h1>, escaped as React escapes text.
mkdirSync(path.join(webDist, 'ssr'));
writeFileSync(
  path.join(webDist, 'ssr', 'render-worker.mjs'),
  `import { parentPort } from 'node:worker_threads';
const escape = (t) => t.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
let renders = 0;
parentPort.on('message', ({ id, path, data }) => {
  renders++;
  // A stream named "Counted…" shows which render this is, to tell a cached view from a new one.
  const name = data.stream.name.startsWith('Counted') ? data.stream.name + ' #' + renders : data.stream.name;
  parentPort.postMessage({ id, html: '<main data-path="' + path + '"><h1>' + escape(name) + '</h1></main>' });
});
`,
);
writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'export {};');
writeFileSync(path.join(webDist, 'assets', 'main-abc123.js.br'), brotliCompressSync('export {};'));

/** The page's JSON data block (the stream page's `{ stream }`), parsed. */
const dataBlock = (html: string): unknown => {
  const m = html.match(/<script type="application\/json" id="first-view-data">([^<]*)<\/script>/);
  if (!m?.[1]) throw new Error('no data block');
  return JSON.parse(m[1]);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers a client route with the page, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trending' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers the home page with its pre-rendered first view inside #root, other screens with the bare page', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/?ref=x' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.body).toContain(`<div id="root">${homeView}</div>`);
    const trending = await t.app.inject({ method: 'GET', url: '/trending' });
    expect(trending.body).toContain('<div id="root"></div>');
    expect(trending.body).not.toContain('data-prerendered');
  });

  it('answers a stream page with its first view pre-rendered from the stream and the stream as a JSON data block', async () => {
    const stream = await createStream(t.database.db, { name: 'Pepe Moon', symbol: 'PEPE' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/livestream/${stream.mint.toUpperCase().replace('0X', '0x')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<div id="root"><div data-prerendered inert><main data-path="/livestream/${stream.mint}"><h1>Pepe Moon</h1></main></div></div>`,
    );
    const data = dataBlock(res.body);
    expect(data).toMatchObject({ stream: { mint: stream.mint, name: 'Pepe Moon', symbol: 'PEPE' } });
    // The record as the API's lookup answers it (what the app would otherwise fetch).
    const lookup = await t.app.inject({ method: 'GET', url: `/api/streams/${stream.mint}/lookup` });
    expect(data).toEqual(lookup.json());
  });

  it('gives a stream page for a mint without a stream, or a malformed one, neither a first view nor data', async () => {
    for (const url of [`/livestream/0x${'ab'.repeat(20)}`, '/livestream/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('first-view-data');
    }
  });

  it('does not pre-render an NSFW stream (whether the visitor confirmed is in their browser), but sends its data', async () => {
    const stream = await createStream(t.database.db, { name: 'Late Night', is_nsfw: true });
    const res = await t.app.inject({ method: 'GET', url: `/livestream/${stream.mint}` });
    expect(res.body).toContain('<div id="root"></div>');
    expect(dataBlock(res.body)).toMatchObject({ stream: { name: 'Late Night', is_nsfw: true } });
  });

  it('escapes a stream’s name and description everywhere on its page: nothing in them becomes markup', async () => {
    const name = '</script><script>alert(1)</script><img src=x onerror=alert(1)>';
    const description = "</title><img src=x onerror=alert(2)> & \u2028 $& $'";
    const stream = await createStream(t.database.db, { name, description });
    const res = await t.app.inject({ method: 'GET', url: `/livestream/${stream.mint}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script>alert|<img src=x/);
    // One data block, one element: the name could not close it early; it reads back exactly.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(dataBlock(res.body)).toMatchObject({ stream: { name, description } });
    expect(res.body).toContain('<h1>&#60;/script&#62;&#60;script&#62;alert(1)');
  });

  it('renders a stream page once for all its visitors while its record is unchanged, and again when it changes', async () => {
    const stream = await createStream(t.database.db, { name: 'Counted Stream' });
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: `/livestream/${stream.mint}` })).body.match(
        /Counted Stream #(\d+)/,
      )?.[1];
    // Three visitors at once, then one more: one render.
    const first = await Promise.all([page(), page(), page()]);
    expect(new Set(first).size).toBe(1);
    expect(await page()).toBe(first[0]);
    await t.database.db
      .updateTable('streams')
      .set({ description: 'now with a description' })
      .where('mint', '=', stream.mint)
      .execute();
    const after = await page();
    expect(after).toBeDefined();
    expect(after).not.toBe(first[0]);
  });

  it('does not serve the render worker: it is the server’s, not a file for browsers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ssr/render-worker.mjs' });
    expect(res.body).not.toContain('parentPort');
  });

  it('sends a page brotli-compressed to a browser that accepts it (gzip or plain otherwise)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/explore',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('serves a hashed build file as JavaScript, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the build’s brotli file to a browser that accepts it, the plain one otherwise', async () => {
    const url = '/assets/main-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload).toEqual(brotliCompressSync('export {};'));
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export {};');
  });

  it('answers a build file that is not there (an older build’s chunk) with a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/livestream-OLDHASH.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The built SPA: client routes get the page, build files are served as they are, a missing one is a 404. */
const webDist = mkdtempSync(path.join(tmpdir(), 'mintcast-spa-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Mintcast</title></head></html>',
);
writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'export {};');
writeFileSync(path.join(webDist, 'assets', 'main-abc123.js.br'), brotliCompressSync('export {};'));

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

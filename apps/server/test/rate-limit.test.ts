import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

// A built SPA with one hashed file: a page load fetches dozens of these.
const webDist = mkdtempSync(path.join(tmpdir(), 'mintcast-rate-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(webDist, 'assets', 'chunk-abc123.js'), 'export {};');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist }, { rateLimitPerMinute: 5 });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

it('answers a flood of requests with a 429 JSON error, and other clients are unaffected', async () => {
  const from = (ip: string) => t.app.inject({ method: 'GET', url: '/api/streams', remoteAddress: ip });
  for (let i = 0; i < 5; i++) expect((await from('10.0.0.1')).statusCode).toBe(200);
  const limited = await from('10.0.0.1');
  expect(limited.statusCode).toBe(429);
  expect(limited.json().error.code).toBe('rate_limited');
  expect(limited.json().error.message).toMatch(/Too many requests/);
  expect((await from('10.0.0.2')).statusCode).toBe(200);
});

it("does not count the build's hashed files: page loads from one address leave its API budget whole", async () => {
  const ip = '10.0.0.3';
  for (let i = 0; i < 30; i++) {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/chunk-abc123.js', remoteAddress: ip });
    expect(asset.statusCode).toBe(200);
  }
  for (let i = 0; i < 5; i++) {
    const api = await t.app.inject({ method: 'GET', url: '/api/streams', remoteAddress: ip });
    expect(api.statusCode).toBe(200);
  }
  expect((await t.app.inject({ method: 'GET', url: '/api/streams', remoteAddress: ip })).statusCode).toBe(
    429,
  );
});

it('counts pages and unknown paths, which the not-found handler answers, against the same limit', async () => {
  const ip = '10.0.0.4';
  const paths = ['/', '/explore', '/livestream/0x1234', '/no/such/page', '/api/nope'];
  for (const url of paths)
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode).not.toBe(429);
  const limited = await t.app.inject({ method: 'GET', url: '/explore', remoteAddress: ip });
  expect(limited.statusCode).toBe(429);
  expect(limited.json().error.code).toBe('rate_limited');
  // A build file is still not counted.
  expect(
    (await t.app.inject({ method: 'GET', url: '/assets/chunk-abc123.js', remoteAddress: ip })).statusCode,
  ).toBe(200);
});

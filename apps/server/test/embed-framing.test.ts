import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'mintcast-embed-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const frameAncestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

describe('only /embed/{mint} may be framed by other sites', () => {
  it('serves the embed page with frame-ancestors * and no X-Frame-Options', async () => {
    const s = await createStream(t.database.db);
    for (const url of [`/embed/${s.mint}`, `/embed/${s.mint}?autoplay=1`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('frame-ancestors *');
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it("lets only our own pages frame the OBS overlays (the cockpit's preview): frame-ancestors 'self'", async () => {
    for (const url of ['/overlay/mco_abc/alerts', '/overlay/mco_abc/chat?sound=1', '/overlay/mco_abc/goal']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("keeps frame-ancestors 'none' and X-Frame-Options DENY everywhere else", async () => {
    const s = await createStream(t.database.db);
    for (const url of [
      '/',
      `/livestream/${s.mint}`,
      '/settings',
      '/embed',
      '/embed/',
      `/embed/${s.mint}/more`,
      `/embedded/${s.mint}`,
      '/overlay',
      '/overlay/mco_abc',
      '/overlays/mco_abc/alerts',
      '/api/overlays/mco_abc',
      `/api/streams/${s.mint}`,
      '/api/health',
    ]) {
      const res = await t.app.inject({ url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

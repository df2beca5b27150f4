import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BSC_MAINNET } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The site's pages carry a CSP, nosniff and a no-framing rule (any site could frame them before). */
const inline = "document.documentElement.lang = 'en';";
const webDist = mkdtempSync(path.join(tmpdir(), 'mintcast-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><title>Mintcast</title><script>${inline}</script></head><body><script type="module" src="/assets/main.js"></script></body></html>`,
);

let embedded: TestApp;
let external: TestApp;
beforeAll(async () => {
  embedded = await createTestApp({
    webDist,
    publicOrigin: 'https://mintcast.example',
    livekit: {
      url: 'wss://mintcast.example',
      apiKey: 'k',
      apiSecret: 'test-secret-0123456789abcdef0123456789',
    },
    chain: {
      ...BSC_MAINNET,
      rpcUrl: 'https://private-node.example/v1/key',
      publicRpcUrl: 'https://rpc.example/v1',
      tipConfirmations: 1,
    },
  });
  external = await createTestApp({
    webDist,
    livekit: { url: 'wss://media.example:7881', apiKey: 'k', apiSecret: 's'.repeat(32) },
  });
});
afterAll(async () => {
  await embedded?.close();
  await external?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const directives = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values]),
  );

describe('security headers', () => {
  it('pages get a CSP allowing only our origin, hashed inline scripts, https images and the RPC; no framing; nosniff', async () => {
    const res = await embedded.app.inject({ method: 'GET', url: '/explore' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = directives(res.headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toContain('https:');
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://mintcast.example', 'https://rpc.example']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers['strict-transport-security']).toBeDefined();
    // API answers carry the same headers.
    const api = await embedded.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
  });

  it('allows an external LiveKit origin for media connections, derived from LIVEKIT_URL', async () => {
    const res = await external.app.inject({ method: 'GET', url: '/' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:3000',
      'wss://media.example:7881',
      'https://media.example:7881',
      // The browsers' RPC (PUBLIC_BSC_RPC_URL), not the server's own (http://127.0.0.1:9 in the test config).
      'https://bsc-dataseed.bnbchain.org',
    ]);
    // A plain-http local origin is not upgraded (it would break http://localhost), and gets no HSTS.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

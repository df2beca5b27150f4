import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MediaServer, startMediaServer } from '@mintcast/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_CACHE_MS } from '../src/http/readiness.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

const KEYS = { 'ready-key': 'ready-secret-0123456789abcdef0123456789' };
let media: MediaServer;
let t: TestApp;
let clock = 1_000_000;
beforeAll(async () => {
  media = await startMediaServer({ port: 0, host: '127.0.0.1', keys: KEYS, logLevel: 'silent' });
  t = await createTestApp(
    { livekit: { url: media.url, apiKey: 'ready-key', apiSecret: KEYS['ready-key'] } },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t?.close();
  await media?.close().catch(() => undefined);
});

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

describe(`GET /api/ready (${databaseKind()})`, () => {
  it('is 200 while the database and the media server answer', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', db: 'ok', media: 'ok' });
  });

  it('is 503 naming the media server once it is gone; /api/health (liveness) stays 200', async () => {
    await media.close();
    clock += READY_CACHE_MS; // the last answer is kept a second
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', db: 'ok', media: 'down' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('GET /api/ready under a flood', () => {
  it('asks the media server once per second however many requests come, and again after', async () => {
    let probes = 0;
    const stub = createServer((_req, res) => {
      probes++;
      res.end('OK');
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    const url = `ws://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    let now = 0;
    const app = await createTestApp(
      { livekit: { url, apiKey: 'ready-key', apiSecret: KEYS['ready-key'] } },
      { database: t.database, now: () => now },
    );
    try {
      const flood = await Promise.all(
        Array.from({ length: 200 }, () => app.app.inject({ method: 'GET', url: '/api/ready' })),
      );
      for (let i = 0; i < 50; i++) await app.app.inject({ method: 'GET', url: '/api/ready' });
      expect(flood.every((r) => r.statusCode === 200)).toBe(true);
      expect(probes).toBe(1);
      now += READY_CACHE_MS;
      expect((await app.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(probes).toBe(2);
    } finally {
      await app.close();
      stub.closeAllConnections();
      await new Promise<void>((r) => stub.close(() => r()));
    }
  });
});

describe('request ids', () => {
  it('keeps an incoming x-request-id and sends it back; makes one when it is missing or not an id', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'edge-4f2a.9' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-4f2a.9');
    for (const headers of [
      {},
      { 'x-request-id': 'not an id; <script>' },
      { 'x-request-id': 'x'.repeat(200) },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/config', headers });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

import { connect } from 'node:net';
import { SignalResponse } from '@livekit/protocol';
import { type MediaServer, startMediaServer } from '@mintcast/media';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { livekitConfig } from '../src/env.ts';
import { connectRealtime, eventually } from './support/multi-instance.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';

const { apiKey, apiSecret } = testConfig().livekit;
let media: MediaServer;
let t: TestApp;
let origin: string;
const internal = () => media.url.replace(/^ws/, 'http');

beforeAll(async () => {
  media = await startMediaServer({
    port: 0,
    host: '127.0.0.1',
    keys: { [apiKey]: apiSecret },
    logLevel: 'silent',
  });
  const internal = media.url.replace(/^ws/, 'http');
  t = await createTestApp({
    livekit: { url: 'ws://localhost:3000', apiUrl: internal, proxyTarget: internal, apiKey, apiSecret },
  });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await media?.close();
});

const viewerToken = (identity = 'viewer-1') => {
  const at = new AccessToken(apiKey, apiSecret, { identity, ttl: 60 });
  at.addGrant({ room: 'stream-proxy', roomJoin: true, canSubscribe: true, canPublish: false });
  return at.toJwt();
};

/** Open a WebSocket on this origin; resolves with the first frame, or rejects with the refused status. */
const firstFrame = (path: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}${path}`);
    ws.once('message', (data) => {
      resolve(data as Buffer);
      ws.close();
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.once('error', reject);
  });

/** One request written by hand (the path exactly as given); resolves with the status line's code and the text. */
const rawRequest = (path: string, upgrade: boolean) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const url = new URL(origin);
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    const done = () => {
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      // A 101 never ends: its status line is all that is needed.
      if (text.startsWith('HTTP/1.1 101')) done();
    });
    socket.on('end', done);
    socket.on('error', reject);
    const headers = upgrade
      ? 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'
      : 'Connection: close\r\n';
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${headers}\r\n`);
  });

describe('the embedded media server through the site origin', () => {
  it('passes /rtc/validate through with the media server’s status and text', async () => {
    const ok = await fetch(`${origin}/rtc/validate?access_token=${await viewerToken()}`);
    expect([ok.status, await ok.text()]).toEqual([200, 'success']);
    const bad = await fetch(`${origin}/rtc/validate?access_token=nonsense`);
    expect(bad.status).toBe(401);
    const v1 = await fetch(`${origin}/rtc/v1/validate?access_token=${await viewerToken()}`);
    expect([v1.status, await v1.text()]).toEqual([404, 'not found']);
  });

  it('upgrades /rtc to the media server’s signal socket: the first frame is its JoinResponse', async () => {
    const frame = await firstFrame(`/rtc?access_token=${await viewerToken()}&auto_subscribe=1&protocol=16`);
    const msg = SignalResponse.fromBinary(new Uint8Array(frame));
    expect(msg.message.case).toBe('join');
    if (msg.message.case === 'join') expect(msg.message.value.participant?.identity).toBe('viewer-1');
  });

  it('refuses /rtc/v1 and a bad token with the media server’s status, not an open-then-closed socket', async () => {
    // livekit-client falls back from /rtc/v1 to /rtc only on a refused upgrade.
    await expect(firstFrame(`/rtc/v1?access_token=${await viewerToken()}`)).rejects.toThrow('status 404');
    await expect(firstFrame('/rtc?access_token=nonsense')).rejects.toThrow('status 401');
  });

  it('leaves the realtime socket and the API to the app', async () => {
    const rt = await connectRealtime(`${origin.replace(/^http/, 'ws')}/api/realtime`, {
      origin: 'http://localhost:3000',
    });
    rt.ws.close();
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });

  it('refuses a media socket past the per-address cap with 429 and a clear reason; a freed slot can be used again', async () => {
    const capped = await createTestApp(
      { livekit: { url: 'ws://x', apiUrl: internal(), proxyTarget: internal(), apiKey, apiSecret } },
      { database: t.database, clientCaps: { socketsPerAddress: 2 } },
    );
    try {
      const base = (await capped.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
      const open = async (identity: string) => {
        const ws = new WebSocket(`${base}/rtc?access_token=${await viewerToken(identity)}&protocol=16`);
        return new Promise<WebSocket>((resolve, reject) => {
          ws.once('message', () => resolve(ws));
          ws.once('unexpected-response', (_req, res) => {
            let body = '';
            res.on('data', (c: Buffer) => {
              body += c.toString();
            });
            res.on('end', () => reject(new Error(`status ${res.statusCode} ${body}`)));
          });
          ws.once('error', reject);
        });
      };
      const held = [await open('cap-1'), await open('cap-2')];
      await expect(open('cap-3')).rejects.toThrow(
        'status 429 {"error":{"code":"too_many_connections","message":"Too many open media connections from this address"}}',
      );
      const closed = new Promise((resolve) => held[0]?.once('close', resolve));
      held[0]?.close();
      await closed;
      // The proxy sees the close a moment after the client does: the next open may race it, so retry until free.
      await eventually(async () => {
        const again = await open('cap-4').catch(() => null);
        again?.close();
        return again !== null;
      });
      held[1]?.close();
    } finally {
      await capped.close();
    }
  });

  it('survives a browser whose media socket breaks (a reset, not a close): the API keeps serving', async () => {
    // The proxy re-emits a client socket's error as its own 'error' event, which http-proxy throws when nobody
    // listens: one viewer's broken connection (EPIPE, ECONNRESET) took the whole API down (seen in CI).
    const ws = new WebSocket(
      `${origin.replace(/^http/, 'ws')}/rtc?access_token=${await viewerToken('resets')}&protocol=16`,
    );
    await new Promise((resolve, reject) => {
      ws.once('message', resolve);
      ws.once('error', reject);
    });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      // A TCP reset from the browser's side: the server's end of the socket fails with ECONNRESET.
      const raw = (ws as unknown as { _socket: import('node:net').Socket })._socket;
      raw.resetAndDestroy();
      // The reset has reached the server once the proxy has let go of the socket (its 'error' comes first).
      const openMediaSockets = async () =>
        Number(
          /^websocket_connections\{kind="media"\} (\d+)$/m.exec(
            (await t.app.inject({ method: 'GET', url: '/metrics' })).body,
          )?.[1],
        );
      await eventually(async () => (await openMediaSockets()) === 0);
      expect(uncaught).toEqual([]);
      expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  // The media server's own /metrics (and anything else it serves) must not be reachable through `/rtc` by a
  // path its URL parser resolves elsewhere. Sent over a raw socket: fetch would normalise the path first.
  it.each([
    '/rtc/../metrics',
    '/rtc/%2e%2e/metrics',
    '/rtc/%2E%2E/metrics',
    '/rtc/.%2e/metrics',
    '/rtc/%252e%252e/metrics',
    '/rtc/..%2fmetrics',
    '/rtc/..%5cmetrics',
    '/rtc\\..\\metrics',
    '/rtc/..\\metrics',
    '/rtc/validate/../../metrics',
    '/rtc/v1/../../metrics',
    '/rtc//../metrics',
    '/rtc/%2e%2e/twirp/livekit.RoomService/ListRooms',
  ])('refuses %s (HTTP and upgrade) without reaching the media server', async (path) => {
    for (const upgrade of [false, true]) {
      const res = await rawRequest(path, upgrade);
      expect(res.status, `${path} upgrade=${upgrade}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} upgrade=${upgrade}`).toBeLessThan(500);
      expect(res.text).not.toContain('# HELP');
      expect(res.text).not.toMatch(/access-control-allow-origin: \*/i);
    }
  });

  it('still forwards the four signalling paths with their query', async () => {
    const token = await viewerToken();
    expect((await rawRequest(`/rtc/validate?access_token=${token}`, false)).status).toBe(200);
    expect((await rawRequest(`/rtc/v1/validate?access_token=${token}`, false)).status).toBe(404);
    expect((await rawRequest(`/rtc?access_token=${token}`, true)).status).toBe(101);
  });

  it('answers 502 with an error body when the media server is down', async () => {
    const dead = await createTestApp(
      { livekit: { url: 'ws://x', proxyTarget: 'http://127.0.0.1:9', apiKey, apiSecret } },
      { database: t.database },
    );
    try {
      const res = await fetch(`${await dead.app.listen({ port: 0, host: '127.0.0.1' })}/rtc/validate`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: { code: 'media_unavailable', message: 'The media server is not reachable' },
      });
    } finally {
      await dead.close();
    }
  });
});

describe('the LiveKit URL handed to browsers', () => {
  const env = { LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: 's', MEDIA_HOST: '127.0.0.1', MEDIA_PORT: 7880 };

  it('is the site origin as a WebSocket URL with the embedded media server (wss for https)', () => {
    expect(livekitConfig({ ...env, LIVEKIT_URL: '' }, 'https://watch.example.org')).toMatchObject({
      url: 'wss://watch.example.org',
      apiUrl: 'http://127.0.0.1:7880',
      proxyTarget: 'http://127.0.0.1:7880',
    });
    expect(livekitConfig({ ...env, LIVEKIT_URL: '' }, 'http://192.168.1.20:3000').url).toBe(
      'ws://192.168.1.20:3000',
    );
  });

  it('is an external LIVEKIT_URL unchanged, with nothing proxied', () => {
    const c = livekitConfig({ ...env, LIVEKIT_URL: 'wss://demo.livekit.cloud' }, 'https://watch.example.org');
    expect(c).toEqual({ url: 'wss://demo.livekit.cloud', apiKey: 'k', apiSecret: 's' });
  });

  it('is what /api/config says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().livekitUrl).toBe('ws://localhost:3000');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZApiError, ZIngestHealth, ZIngestInfo, ZIngestKey } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const { apiKey, apiSecret } = testConfig().livekit;

/**
 * A stand-in for LiveKit's Ingress service (outside our network): it records the Twirp calls
 * livekit-server-sdk's IngressClient makes and answers as LiveKit does, or fails when told to.
 */
const startIngressStandIn = async () => {
  const calls: { method: string; body: Record<string, unknown>; authorization?: string }[] = [];
  let fail = false;
  let n = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const method = (req.url ?? '').split('/').pop() ?? '';
    calls.push({
      method,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      authorization: req.headers.authorization,
    });
    if (fail) {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 'unavailable', msg: 'down' }));
    }
    n += 1;
    const info =
      method === 'CreateIngress'
        ? { ingressId: `IN_${n}`, url: 'https://example.whip.livekit.cloud/w', streamKey: `lk-key-${n}` }
        : {};
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(info));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    setFailing: (value: boolean) => {
      fail = value;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

let livekit: Awaited<ReturnType<typeof startIngressStandIn>>;
let t: TestApp;
let creator: SignedIn;
beforeAll(async () => {
  livekit = await startIngressStandIn();
  t = await createTestApp({ livekit: { url: livekit.url, apiKey, apiSecret } });
  creator = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await livekit?.close();
});

describe(`stream keys with an external LiveKit (${databaseKind()})`, () => {
  it('creates a WHIP ingress for the creator as host, shows its URL and key, replaces it on regenerate', async () => {
    const { mint } = await createStream(t.database.db, { creator_address: creator.address });
    const url = `/api/streams/${mint}/ingest`;
    const before = ZIngestInfo.parse((await t.app.inject({ url, headers: creator.headers })).json());
    expect(before).toEqual({ mode: 'livekit', whipUrl: null, hasKey: false, keyCreatedAt: null });

    const post = () => t.app.inject({ method: 'POST', url: `${url}/key`, headers: creator.headers });
    const first = ZIngestKey.parse((await post()).json());
    expect(first).toMatchObject({
      mode: 'livekit',
      whipUrl: 'https://example.whip.livekit.cloud/w',
      hasKey: true,
    });
    const create = livekit.calls.find((c) => c.method === 'CreateIngress');
    // IngressInput.WHIP_INPUT is 2 in LiveKit's protocol (JSON carries the enum name).
    expect(['WHIP_INPUT', 2]).toContain(create?.body.inputType);
    expect(create?.body).toMatchObject({
      roomName: `stream-${mint}`,
      participantIdentity: creator.address,
      participantMetadata: JSON.stringify({ role: 'host', ingest: 'whip' }),
    });
    expect(create?.authorization).toMatch(/^Bearer /);
    expect(first.streamKey).toBe('lk-key-1');

    const second = ZIngestKey.parse((await post()).json());
    expect(second.streamKey).not.toBe(first.streamKey);
    const deleted = livekit.calls.find((c) => c.method === 'DeleteIngress');
    expect(deleted?.body).toMatchObject({ ingressId: 'IN_1' });
    const after = ZIngestInfo.parse((await t.app.inject({ url, headers: creator.headers })).json());
    expect(after).toMatchObject({
      mode: 'livekit',
      whipUrl: 'https://example.whip.livekit.cloud/w',
      hasKey: true,
    });
  });

  it('answers 502 with a clear message when LiveKit cannot create the ingress', async () => {
    const { mint } = await createStream(t.database.db, { creator_address: creator.address });
    livekit.setFailing(true);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/streams/${mint}/ingest/key`,
        headers: creator.headers,
      });
      expect(res.statusCode).toBe(502);
      expect(ZApiError.parse(res.json()).error).toMatchObject({ code: 'ingress_failed' });
    } finally {
      livekit.setFailing(false);
    }
  });

  it('serves no WHIP endpoint of its own (OBS publishes to LiveKit)', async () => {
    const { mint } = await createStream(t.database.db, { creator_address: creator.address });
    const res = await t.app.inject({ method: 'POST', url: `/whip/${mint}`, payload: 'v=0' });
    expect(res.statusCode).toBe(404);
  });

  it('says the ingest health is not available (LiveKit has no per-track figures to read)', async () => {
    const { mint } = await createStream(t.database.db, { creator_address: creator.address });
    const res = await t.app.inject({ url: `/api/streams/${mint}/ingest/health`, headers: creator.headers });
    expect(res.statusCode).toBe(200);
    expect(ZIngestHealth.parse(res.json())).toEqual({ available: false, health: null });
  });
});

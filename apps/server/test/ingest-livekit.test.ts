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
 * livekit-server-sdk's IngressClient makes and answers as LiveKit does (protobuf JSON: camelCase fields, enum
 * names, int64 as strings), or fails when told to. ListIngress answers with the ingresses it created, each
 * carrying the `state` set with setState (LiveKit's IngressState of the ingress's input).
 */
const startIngressStandIn = async () => {
  const calls: { method: string; body: Record<string, unknown>; authorization?: string }[] = [];
  const created = new Map<string, Record<string, unknown>>();
  const states = new Map<string, Record<string, unknown>>();
  let fail = false;
  let n = 0;
  let lastIngressId = '';
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
    const body = calls.at(-1)?.body ?? {};
    let answer: unknown = {};
    if (method === 'CreateIngress') {
      const info = {
        ingressId: `IN_${n}`,
        url: 'https://example.whip.livekit.cloud/w',
        streamKey: `lk-key-${n}`,
        inputType: 'WHIP_INPUT',
        roomName: body.roomName,
        participantIdentity: body.participantIdentity,
      };
      created.set(info.ingressId, info);
      lastIngressId = info.ingressId;
      answer = info;
    } else if (method === 'ListIngress') {
      answer = {
        items: [...created.values()]
          .filter((i) => !body.ingressId || i.ingressId === body.ingressId)
          .map((i) => ({ ...i, state: states.get(i.ingressId as string) ?? { roomId: '' } })),
      };
    } else if (method === 'DeleteIngress') {
      created.delete(body.ingressId as string);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    setFailing: (value: boolean) => {
      fail = value;
    },
    lastIngressId: () => lastIngressId,
    setState: (ingressId: string, state: Record<string, unknown>) => {
      states.set(ingressId, state);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

let livekit: Awaited<ReturnType<typeof startIngressStandIn>>;
let t: TestApp;
let creator: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  livekit = await startIngressStandIn();
  t = await createTestApp({ livekit: { url: livekit.url, apiKey, apiSecret } });
  creator = await signIn(t.app);
  stranger = await signIn(t.app);
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
});

describe(`ingest health with an external LiveKit (${databaseKind()})`, () => {
  const healthOf = (mint: string, headers?: Record<string, string>) =>
    t.app.inject({ url: `/api/streams/${mint}/ingest/health`, ...(headers ? { headers } : {}) });
  /** A stream of the creator's with a LiveKit ingress; returns its mint and the ingress id. */
  const streamWithIngress = async () => {
    const { mint } = await createStream(t.database.db, { creator_address: creator.address });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${mint}/ingest/key`,
      headers: creator.headers,
    });
    expect(res.statusCode).toBe(200);
    return { mint, ingressId: livekit.lastIngressId() };
  };

  it('is the creator’s only: 401 signed out, 403 for another wallet (LiveKit is not asked)', async () => {
    const { mint } = await streamWithIngress();
    const asked = livekit.calls.length;
    expect((await healthOf(mint)).statusCode).toBe(401);
    const res = await healthOf(mint, stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(ZApiError.parse(res.json()).error.code).toBe('forbidden');
    expect(livekit.calls.length).toBe(asked);
  });

  it('has no figures before a key exists (no ingress to ask)', async () => {
    const { mint } = await createStream(t.database.db, { creator_address: creator.address });
    const res = await healthOf(mint, creator.headers);
    expect(res.statusCode).toBe(200);
    expect(ZIngestHealth.parse(res.json())).toEqual({ available: true, health: null, ingress: null });
  });

  it('reads resolution, frame rate, bitrate and status from the ingress’s state; loss is unknown, not 0', async () => {
    const { mint, ingressId } = await streamWithIngress();
    // Created, OBS not started yet: LiveKit reports the endpoint inactive with no input state.
    const idle = ZIngestHealth.parse((await healthOf(mint, creator.headers)).json());
    expect(idle).toEqual({ available: true, health: null, ingress: { status: 'inactive', error: null } });
    const list = livekit.calls.findLast((c) => c.method === 'ListIngress');
    expect(list?.body).toMatchObject({ ingressId });
    expect(list?.authorization).toMatch(/^Bearer /);

    livekit.setState(ingressId, {
      status: 'ENDPOINT_PUBLISHING',
      video: {
        mimeType: 'video/h264',
        averageBitrate: 4_500_000,
        width: 1920,
        height: 1080,
        framerate: 29.97,
      },
      audio: { mimeType: 'audio/opus', averageBitrate: 128_000, channels: 2, sampleRate: 48000 },
      roomId: 'RM_1',
      startedAt: '1764000000000000000',
    });
    const res = await healthOf(mint, creator.headers);
    expect(res.statusCode).toBe(200);
    expect(ZIngestHealth.parse(res.json())).toEqual({
      available: true,
      health: { width: 1920, height: 1080, fps: 30, bitrateKbps: 4628, lossPct: null },
      ingress: { status: 'publishing', error: null },
    });
  });

  it('shows LiveKit’s error when the ingress failed, with no figures', async () => {
    const { mint, ingressId } = await streamWithIngress();
    livekit.setState(ingressId, { status: 'ENDPOINT_ERROR', error: 'unsupported codec: video/vp9' });
    expect(ZIngestHealth.parse((await healthOf(mint, creator.headers)).json())).toEqual({
      available: true,
      health: null,
      ingress: { status: 'error', error: 'unsupported codec: video/vp9' },
    });
  });

  it('answers 502 with a clear message when LiveKit cannot be read, not a 500', async () => {
    const { mint } = await streamWithIngress();
    livekit.setFailing(true);
    try {
      const res = await healthOf(mint, creator.headers);
      expect(res.statusCode).toBe(502);
      expect(ZApiError.parse(res.json()).error).toMatchObject({
        code: 'ingress_unavailable',
        message: 'Could not read the stream health from LiveKit',
      });
    } finally {
      livekit.setFailing(false);
    }
  });
});

import { createHash } from 'node:crypto';
import { ParticipantInfo_State } from '@livekit/protocol';
import { roomNameForMint, ZApiError, ZIngestHealth, ZIngestInfo, ZIngestKey } from '@mintcast/contracts';
import { type MediaServer, startMediaServer } from '@mintcast/media';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { waitFor } from '../../media/test/helpers/wait.ts';
import { WeriftWhipPublisher } from '../../media/test/helpers/werift-whip.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const { apiKey, apiSecret } = testConfig().livekit;
const ORIGIN = 'http://localhost:3000';

let media: MediaServer;
let t: TestApp;
let base: string;
let creator: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  media = await startMediaServer({
    port: 0,
    host: '127.0.0.1',
    keys: { [apiKey]: apiSecret },
    logLevel: 'silent',
  });
  const internal = media.url.replace(/^ws/, 'http');
  t = await createTestApp({
    publicOrigin: ORIGIN,
    livekit: { url: 'ws://localhost:3000', apiUrl: internal, proxyTarget: internal, apiKey, apiSecret },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  creator = await signIn(t.app);
  stranger = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await media?.close();
});

const newStream = async (live = false) =>
  (await createStream(t.database.db, { creator_address: creator.address, is_currently_live: live })).mint;

const newKey = async (mint: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/ingest/key`,
    headers: creator.headers,
  });
  expect(res.statusCode).toBe(200);
  return ZIngestKey.parse(res.json());
};

/** A real SDP offer (werift): one video (H.264) and one audio m-section, both sendonly. */
const makeOffer = async () => {
  const pc = new RTCPeerConnection({
    iceServers: [],
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/H264',
          clockRate: 90_000,
          payloadType: 102,
          parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
        }),
      ],
      audio: [
        new RTCRtpCodecParameters({
          mimeType: 'audio/opus',
          clockRate: 48_000,
          channels: 2,
          payloadType: 111,
        }),
      ],
    },
  });
  pc.addTransceiver('video', { direction: 'sendonly' });
  pc.addTransceiver('audio', { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const sdp = pc.localDescription?.sdp ?? '';
  await pc.close();
  return sdp;
};

const whip = (method: string, path: string, key: string | null, body?: string, type = 'application/sdp') =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key !== null ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': type } : {}),
    },
    body,
  });

describe(`stream keys (${databaseKind()})`, () => {
  it('are the creator’s only: 401 signed out, 403 for another wallet, 404 for an unknown stream', async () => {
    const mint = await newStream();
    for (const [method, url] of [
      ['GET', `/api/streams/${mint}/ingest`],
      ['POST', `/api/streams/${mint}/ingest/key`],
      ['GET', `/api/streams/${mint}/ingest/key`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      const res = await t.app.inject({ method, url, headers: stranger.headers });
      expect(res.statusCode).toBe(403);
      expect(ZApiError.parse(res.json()).error.code).toBe('forbidden');
      const unknown = url.replace(mint, randomAddress());
      expect((await t.app.inject({ method, url: unknown, headers: creator.headers })).statusCode).toBe(404);
      const bad = url.replace(mint, 'not-a-mint');
      expect((await t.app.inject({ method, url: bad, headers: creator.headers })).statusCode).toBe(400);
    }
  });

  it('is stored as its sha256 (and sealed, never in clear); the info says whether one exists', async () => {
    const mint = await newStream();
    const before = await t.app.inject({ url: `/api/streams/${mint}/ingest`, headers: creator.headers });
    expect(ZIngestInfo.parse(before.json())).toEqual({
      mode: 'embedded',
      whipUrl: `${ORIGIN}/whip/${mint}`,
      hasKey: false,
      keyCreatedAt: null,
    });
    const key = await newKey(mint);
    expect(key.streamKey).toMatch(/^mck_[A-Za-z0-9_-]{43}$/);
    expect(key.whipUrl).toBe(`${ORIGIN}/whip/${mint}`);
    const row = await t.database.db
      .selectFrom('stream_keys')
      .selectAll()
      .where('stream_id', '=', mint)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(key.streamKey).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.streamKey);
    const after = ZIngestInfo.parse(
      (await t.app.inject({ url: `/api/streams/${mint}/ingest`, headers: creator.headers })).json(),
    );
    expect(after).toMatchObject({ hasKey: true, keyCreatedAt: key.keyCreatedAt });
    expect(JSON.stringify(after)).not.toContain(key.streamKey);
  });

  it('can be shown again to its creator (after a reload), sealed at rest; a regenerated key replaces it', async () => {
    const mint = await newStream();
    const reveal = () =>
      t.app.inject({ method: 'GET', url: `/api/streams/${mint}/ingest/key`, headers: creator.headers });
    const none = await reveal();
    expect(none.statusCode).toBe(404);
    expect(ZApiError.parse(none.json()).error.code).toBe('no_stream_key');

    const first = await newKey(mint);
    const shown = await reveal();
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(ZIngestKey.parse(shown.json())).toEqual(first);
    const second = await newKey(mint);
    expect(ZIngestKey.parse((await reveal()).json()).streamKey).toBe(second.streamKey);

    // A sealed key copied into another stream's row does not open there; a row without one says to regenerate.
    const other = await newStream();
    await newKey(other);
    const { key_sealed } = await t.database.db
      .selectFrom('stream_keys')
      .select('key_sealed')
      .where('stream_id', '=', mint)
      .executeTakeFirstOrThrow();
    expect(key_sealed).toMatch(/^v1\./);
    for (const value of [key_sealed, null]) {
      await t.database.db
        .updateTable('stream_keys')
        .set({ key_sealed: value })
        .where('stream_id', '=', other)
        .execute();
      const res = await t.app.inject({ url: `/api/streams/${other}/ingest/key`, headers: creator.headers });
      expect(res.statusCode).toBe(409);
      expect(ZApiError.parse(res.json()).error).toMatchObject({
        code: 'stream_key_unreadable',
        message: 'This key cannot be shown again: generate a new one',
      });
    }
  });
});

describe(`WHIP on the site's origin (${databaseKind()})`, () => {
  it('answers 401 without or with a wrong key, 404 for an unknown stream, 415/400 for a bad body', async () => {
    const mint = await newStream();
    const { streamKey } = await newKey(mint);
    const offer = await makeOffer();
    const noKey = await whip('POST', `/whip/${mint}`, null, offer);
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('www-authenticate')).toBe('Bearer');
    expect(ZApiError.parse(await noKey.json()).error.code).toBe('unauthorized');
    expect((await whip('POST', `/whip/${mint}`, `${streamKey}x`, offer)).status).toBe(401);
    const otherStream = await newStream();
    await newKey(otherStream);
    expect((await whip('POST', `/whip/${otherStream}`, streamKey, offer)).status).toBe(401);
    expect((await whip('POST', `/whip/${randomAddress()}`, streamKey, offer)).status).toBe(404);
    expect((await whip('POST', '/whip/nope', streamKey, offer)).status).toBe(404);
    expect((await whip('POST', `/whip/${mint}`, streamKey, offer, 'text/plain')).status).toBe(415);
    const empty = await whip('POST', `/whip/${mint}`, streamKey, ' ');
    expect(empty.status).toBe(400);
    expect(ZApiError.safeParse(await empty.json()).success).toBe(true);
    const noMedia = await whip('POST', `/whip/${mint}`, streamKey, 'v=0\r\n');
    expect(noMedia.status).toBe(400);

    // A wallet banned site-wide after its key was made cannot publish with it.
    const banned = await signIn(t.app);
    const bannedMint = (await createStream(t.database.db, { creator_address: banned.address })).mint;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${bannedMint}/ingest/key`,
      headers: banned.headers,
    });
    const bannedKey = ZIngestKey.parse(res.json()).streamKey;
    await t.database.db
      .insertInto('platform_bans')
      .values({ address: banned.address, reason: 'test', banned_by: randomAddress() })
      .execute();
    expect((await whip('POST', `/whip/${bannedMint}`, bannedKey, offer)).status).toBe(403);
  });

  it('publishes with the key (201, Location, SDP answer); a new offer replaces one that carries no media, 409 while media flows; a regenerated key invalidates the old; DELETE ends it', async () => {
    const mint = await newStream(true);
    const { streamKey: oldKey } = await newKey(mint);
    const offer = await makeOffer();
    const res = await whip('POST', `/whip/${mint}`, oldKey, offer);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/sdp/);
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${ORIGIN}/whip/${mint}/[0-9a-f]{32}$`));
    const answer = await res.text();
    expect(answer).toMatch(/^v=0/);
    expect(answer).toMatch(/a=rtpmap:\d+ H264\/90000/);
    expect(answer).toMatch(/a=candidate:/);
    // That offer's publisher never connects (its PC is gone): the next offer replaces it (issue 28 finding 2).
    const replacing = await whip('POST', `/whip/${mint}`, oldKey, await makeOffer());
    expect(replacing.status).toBe(201);
    expect((await whip('DELETE', new URL(location).pathname, oldKey)).status).toBe(404);
    const session = new URL(replacing.headers.get('location') ?? '').pathname;

    const frag = 'a=mid:0\r\na=candidate:1 1 udp 2130706431 127.0.0.1 50000 typ host\r\n';
    expect((await whip('PATCH', session, oldKey, frag, 'application/trickle-ice-sdpfrag')).status).toBe(204);
    expect((await whip('PATCH', session, oldKey, frag, 'application/sdp')).status).toBe(415);

    const { streamKey: newKeyValue } = await newKey(mint);
    expect(newKeyValue).not.toBe(oldKey);
    expect((await whip('DELETE', session, oldKey)).status).toBe(401);
    expect((await whip('POST', `/whip/${mint}`, oldKey, offer)).status).toBe(401);

    expect((await whip('DELETE', `/whip/${mint}/${'0'.repeat(32)}`, newKeyValue)).status).toBe(404);
    expect((await whip('DELETE', session, newKeyValue)).status).toBe(200);
    expect((await t.app.ctx.streams.get(mint)).is_currently_live).toBe(false);
    expect((await whip('DELETE', session, newKeyValue)).status).toBe(404);
    // The stream can go live again after it ended.
    const again = await whip('POST', `/whip/${mint}`, newKeyValue, await makeOffer());
    expect(again.status).toBe(201);
    const againPath = new URL(again.headers.get('location') ?? '').pathname;
    expect((await whip('DELETE', againPath, newKeyValue)).status).toBe(200);

    // While a publisher's media flows, another offer is refused: 409.
    const obs = new WeriftWhipPublisher(`${base}/whip/${mint}`, newKeyValue);
    try {
      expect(await obs.post()).toBe(201);
      await obs.connect();
      const rooms = new RoomServiceClient(media.url.replace(/^ws/, 'http'), apiKey, apiSecret);
      await waitFor(
        async () =>
          (await rooms.listParticipants(roomNameForMint(mint))).some(
            (p) => p.state === ParticipantInfo_State.ACTIVE,
          ),
        'the publisher active (media arrived)',
      );
      expect((await whip('POST', `/whip/${mint}`, newKeyValue, await makeOffer())).status).toBe(409);
    } finally {
      obs.close();
    }
  });
});

describe(`ingest health (${databaseKind()})`, () => {
  const healthOf = (mint: string, headers?: Record<string, string>) =>
    t.app.inject({ url: `/api/streams/${mint}/ingest/health`, ...(headers ? { headers } : {}) });

  it('is the creator’s only: 401 signed out, 403 for another wallet, 404 for an unknown stream', async () => {
    const mint = await newStream();
    expect((await healthOf(mint)).statusCode).toBe(401);
    const res = await healthOf(mint, stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(ZApiError.parse(res.json()).error.code).toBe('forbidden');
    expect((await healthOf(randomAddress(), creator.headers)).statusCode).toBe(404);
  });

  it('reads the creator’s tracks from the media server: none before the WHIP offer, both while it runs', async () => {
    const mint = await newStream();
    const { streamKey } = await newKey(mint);
    const before = await healthOf(mint, creator.headers);
    expect(before.statusCode).toBe(200);
    expect(ZIngestHealth.parse(before.json())).toEqual({ available: true, health: null, ingress: null });

    const res = await whip('POST', `/whip/${mint}`, streamKey, await makeOffer());
    expect(res.status).toBe(201);
    // The offer's peer never connects: the media server has the creator's tracks, with nothing received yet.
    const during = ZIngestHealth.parse((await healthOf(mint, creator.headers)).json());
    expect(during).toEqual({
      available: true,
      health: { width: null, height: null, fps: 0, bitrateKbps: 0, lossPct: 0 },
      ingress: null,
    });
    const session = new URL(res.headers.get('location') ?? '').pathname;
    expect((await whip('DELETE', session, streamKey)).status).toBe(200);
    expect(ZIngestHealth.parse((await healthOf(mint, creator.headers)).json()).health).toBeNull();
  });
});

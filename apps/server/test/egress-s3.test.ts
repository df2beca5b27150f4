/**
 * An external LiveKit with an S3-compatible store (issues 30 and 33, decision 035): the server asks LiveKit's
 * Egress (a stand-in speaking its Twirp API and checking the SDK's access token) for participant egresses with an
 * `S3Upload` output, records the result from `egress_ended`, serves replays from the store (a stand-in checking
 * SigV4) by a presigned redirect, cuts clips of replays from it with ffmpeg, and hands out the store's playlist URL
 * for the HTTP tier. Without a store, the same features say they are off.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  roomNameForMint,
  ZApiError,
  ZClip,
  ZHttpTierPlace,
  ZHttpTierStatus,
  ZRecording,
} from '@mintcast/contracts';
import {
  AccessToken,
  EgressClient,
  EgressInfo,
  EgressStatus,
  ParticipantInfo,
  WebhookEvent,
} from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIP_LIVE_FROM_S3 } from '../src/clips/clips.service.ts';
import { type AppConfig, loadConfig } from '../src/env.ts';
import { HTTP_TIER_EXTERNAL } from '../src/http-tier/http-tier.service.ts';
import { createStream } from './support/builders.ts';
import { startLivekitEgressStandIn, startS3StandIn } from './support/egress-s3-stand-ins.ts';
import { eventually } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const { apiKey, apiSecret } = testConfig().livekit;
const S3 = {
  bucket: 'mintcast',
  region: 'eu-west-1',
  accessKeyId: 'minio-test',
  secretAccessKey: 'minio-secret-0123',
};

let t: TestApp;
let dir: string;
let livekit: Awaited<ReturnType<typeof startLivekitEgressStandIn>>;
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
/** A 4 s H.264/AAC MP4 as LiveKit's Egress uploads (index at the end: ffmpeg must seek with Range requests). */
let recordingBytes: Buffer;
/** Decided before the tests are collected (skipIf reads it then). */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

const livekitConfig = () => ({ url: livekit.origin.replace(/^http/, 'ws'), apiKey, apiSecret });
const s3Config = () => ({
  ...S3,
  endpoint: s3.origin,
  publicUrl: `${s3.origin}/${S3.bucket}`,
});

/** An egress_ended webhook as LiveKit signs it, for a file uploaded under `filename`. */
const egressEnded = async (
  app: TestApp,
  egressId: string,
  filename: string,
  durationMs: number,
  size: number,
) => {
  const msg = new WebhookEvent({
    id: `EV_${randomUUID()}`,
    createdAt: BigInt(Math.floor(Date.now() / 1000)),
    egressInfo: EgressInfo.fromJson({
      egressId,
      status: 'EGRESS_COMPLETE',
      fileResults: [
        {
          filename,
          location: `${s3.origin}/${S3.bucket}/${filename}`,
          duration: String(BigInt(durationMs) * 1_000_000n),
          size: String(size),
          endedAt: String(BigInt(Date.now()) * 1_000_000n),
        },
      ],
    }),
  });
  msg.event = 'egress_ended';
  const body = JSON.stringify(msg.toJson());
  const at = new AccessToken(apiKey, apiSecret, { ttl: '5m' });
  at.sha256 = createHash('sha256').update(body).digest('base64');
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/live/webhook',
    payload: body,
    headers: { 'content-type': 'application/webhook+json', authorization: await at.toJwt() },
  });
  expect(res.statusCode).toBe(200);
};

const starts = () => livekit.calls.filter((c) => c.method === 'StartParticipantEgress');

/** A live stream of a signed-in creator, and the file egress its going live started. */
const goLive = async () => {
  const creator = await signIn(t.app);
  const { mint } = await createStream(t.database.db, { creator_address: creator.address });
  const before = starts().length;
  await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: true });
  await eventually(() => starts().length > before);
  const call = starts()[before];
  const egressId = `EG_${livekit.calls.indexOf(call as (typeof livekit.calls)[number]) + 1}`;
  return { creator, mint, call, egressId };
};

/** A finished recording in the store: live, egress, upload (by the test), offline, egress_ended. */
const recorded = async () => {
  const live = await goLive();
  const key = String((live.call?.body.fileOutputs as { filepath: string }[] | undefined)?.[0]?.filepath);
  s3.objects.set(key, recordingBytes);
  await t.app.ctx.streams.applySystemUpdate(live.mint, { is_currently_live: false });
  await egressEnded(t, live.egressId, key, 4_000, recordingBytes.length);
  return { ...live, key, id: path.basename(key, '.mp4') };
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mintcast-egress-s3-'));
  livekit = await startLivekitEgressStandIn({ apiKey, apiSecret });
  s3 = await startS3StandIn({ ...S3, publicPrefix: 'hls/' });
  const file = path.join(dir, 'recording.mp4');
  if (hasFfmpeg) {
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    recordingBytes = readFileSync(file);
  } else recordingBytes = Buffer.from('not a video, but bytes to serve');
  t = await createTestApp({
    livekit: livekitConfig(),
    s3: s3Config(),
    recordings: { dir, retentionDays: 30, maxBytes: 10 ** 9, sweepIntervalMs: 0 },
    httpTier: { enabled: true, playlistWaitMs: 0, idleMs: 60_000, maxViewersPerStream: 1 },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await livekit?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`external LiveKit + S3: recordings (${databaseKind()})`, () => {
  it('going live starts a participant egress of the host with an S3 upload; going offline stops it', async () => {
    const { creator, mint, call, egressId } = await goLive();
    expect(call?.body.roomName).toBe(roomNameForMint(mint));
    expect(call?.body.identity).toBe(creator.address);
    const output = (
      call?.body.fileOutputs as
        | { filepath: string; fileType?: string; s3?: Record<string, unknown> }[]
        | undefined
    )?.[0];
    expect(output?.filepath).toMatch(new RegExp(`^recordings/${mint}/[0-9a-f-]{36}\\.mp4$`));
    expect(output?.fileType).toBe('MP4');
    expect(output?.s3).toMatchObject({
      bucket: S3.bucket,
      region: S3.region,
      endpoint: s3.origin,
      accessKey: S3.accessKeyId,
      secret: S3.secretAccessKey,
      forcePathStyle: true,
    });
    const lk = new EgressClient(livekit.origin, apiKey, apiSecret);
    expect((await lk.listEgress({ roomName: roomNameForMint(mint) })).map((e) => e.status)).toEqual([
      EgressStatus.EGRESS_ACTIVE,
    ]);

    await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: false });
    await eventually(() =>
      livekit.calls.some((c) => c.method === 'StopEgress' && c.body.egressId === egressId),
    );
    expect((await lk.listEgress({ roomName: roomNameForMint(mint) })).map((e) => e.status)).toEqual([
      EgressStatus.EGRESS_ENDING,
    ]);
    expect(livekit.refused).toEqual([]);
  });

  it('the stand-in refuses an access token signed with another secret (it checks what the SDK sends)', async () => {
    const wrong = new EgressClient(livekit.origin, apiKey, 'another-secret-0123456789abcdef0123');
    await expect(wrong.listEgress({})).rejects.toThrow();
    expect(livekit.refused.at(-1)).toMatch(/access token/);
    livekit.refused.length = 0;
  });

  it('egress_ended makes a replay whose video is a presigned redirect to the store, Range included', async () => {
    const { id, key } = await recorded();
    const replay = ZRecording.parse((await t.app.inject({ url: `/api/recordings/${id}` })).json());
    expect(replay).toMatchObject({ status: 'ready', durationMs: 4_000, sizeBytes: recordingBytes.length });

    const res = await t.app.inject({ url: replay.videoUrl ?? '' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.origin}/${S3.bucket}/${key}?`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('3600');

    const all = await fetch(location);
    expect(all.status).toBe(200);
    expect(Buffer.from(await all.arrayBuffer()).equals(recordingBytes)).toBe(true);
    const part = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(recordingBytes.subarray(10, 20))).toBe(true);
    expect(s3.requests.filter((r) => r.key === key).map((r) => r.auth)).toEqual(['query', 'query']);

    // A tampered URL is refused by the store: the signature covers the key.
    const tampered = location.replace(id, randomUUID());
    expect((await fetch(tampered)).status).toBe(403);
    expect(s3.refused.at(-1)).toMatch(/signature does not match/);
  });

  it('deleting a replay deletes its object from the store (a signed DELETE)', async () => {
    const { id, key, creator } = await recorded();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${id}`,
      headers: creator.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE', key, auth: 'header' });
  });

  it('retention and the budget delete recordings from the store (the leader instance’s pass)', async () => {
    const { id, key } = await recorded();
    // A second instance on the same database with a zero budget: its first pass deletes every finished one.
    const second = await createTestApp(
      {
        livekit: livekitConfig(),
        s3: s3Config(),
        recordings: { dir, retentionDays: 30, maxBytes: 0, sweepIntervalMs: 60 * 60 * 1000 },
      },
      { database: t.database },
    );
    try {
      await eventually(() => !s3.objects.has(key), 30_000);
      expect(s3.requests.some((r) => r.method === 'DELETE' && r.key === key && r.auth === 'header')).toBe(
        true,
      );
      await eventually(async () => (await t.app.inject({ url: `/api/recordings/${id}` })).statusCode === 410);
    } finally {
      await second.close();
    }
  }, 60_000);

  it.skipIf(!hasFfmpeg)(
    'a clip of a replay is cut by ffmpeg from the recording in the store',
    async () => {
      const { id, key } = await recorded();
      const viewer: SignedIn = await signIn(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/recordings/${id}/clips`,
        headers: viewer.headers,
        payload: { seconds: 10, endMs: 3_000, title: 'From the store' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const clip = ZClip.parse(res.json());
      expect(clip.durationMs).toBeGreaterThan(2_000);
      expect(clip.durationMs).toBeLessThan(3_500);
      expect([clip.width, clip.height]).toEqual([160, 120]);
      // ffmpeg read the object through the presigned URL, seeking with Range requests (the MP4's index is last).
      const reads = s3.requests.filter((r) => r.key === key);
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((r) => r.auth === 'query')).toBe(true);
      expect(reads.some((r) => r.range !== undefined)).toBe(true);
      const video = await t.app.inject({ url: clip.videoUrl });
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
    },
    60_000,
  );

  it.skipIf(!hasFfmpeg)(
    'a live clip says clearly it needs the replay (the recording is uploaded at the end)',
    async () => {
      const { mint } = await goLive();
      const viewer = await signIn(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/streams/${mint}/clips`,
        headers: viewer.headers,
        payload: { seconds: 10, title: 'Live' },
      });
      expect(res.statusCode).toBe(409);
      expect(ZApiError.parse(res.json()).error.message).toBe(CLIP_LIVE_FROM_S3);
      await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: false });
    },
  );
});

describe(`external LiveKit + S3: the HTTP tier (${databaseKind()})`, () => {
  it('runs; the playlist is a redirect to the store, whose segments egress uploads there', async () => {
    const status = ZHttpTierStatus.parse((await t.app.inject({ url: '/api/live/http-tier' })).json());
    expect(status).toEqual({ available: true, reason: null });
    const { mint, creator } = await goLive();
    const before = starts().length;
    const res = await t.app.inject({ url: `/hls/${mint}/index.m3u8` });
    expect(res.statusCode).toBe(302);
    const playlistUrl = `${s3.origin}/${S3.bucket}/hls/${mint}/index.m3u8`;
    expect(res.headers.location).toBe(playlistUrl);
    await eventually(() => starts().length > before);
    const call = starts()[before];
    expect(call?.body).toMatchObject({ roomName: roomNameForMint(mint), identity: creator.address });
    const segments = (
      call?.body.segmentOutputs as { filenamePrefix: string; playlistName: string; s3?: object }[] | undefined
    )?.[0];
    expect(segments?.filenamePrefix).toMatch(new RegExp(`^hls/${mint}/[0-9a-z]+$`));
    expect(segments?.playlistName).toBe('index.m3u8');
    expect(segments?.s3).toMatchObject({ bucket: S3.bucket, endpoint: s3.origin, forcePathStyle: true });

    // A second request does not start a second packager.
    expect((await t.app.inject({ url: `/hls/${mint}/index.m3u8` })).statusCode).toBe(302);
    expect(starts().length).toBe(before + 1);

    // What egress uploads is readable there without credentials (the bucket policy of `hls/`).
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nr1_00000.ts\n';
    s3.objects.set(`hls/${mint}/index.m3u8`, Buffer.from(playlist));
    const fromStore = await fetch(playlistUrl);
    expect(fromStore.status).toBe(200);
    expect(await fromStore.text()).toBe(playlist);
    expect(s3.requests.at(-1)?.auth).toBe('anonymous');
    await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: false });
  });

  it('a viewer past the WebRTC cap is handed the store’s playlist URL', async () => {
    const { mint } = await goLive();
    livekit.participants.push(
      new ParticipantInfo({ identity: 'viewer-1', metadata: JSON.stringify({ role: 'viewer' }) }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/live/token',
      payload: { roomName: roomNameForMint(mint), participantName: 'Viewer', isHost: false },
    });
    livekit.participants.length = 0;
    expect(ZHttpTierPlace.parse(res.json())).toEqual({
      tier: 'http',
      playlistUrl: `${s3.origin}/${S3.bucket}/hls/${mint}/index.m3u8`,
    });
    await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: false });
  });

  it('the CSP lets players load media from the store', async () => {
    const res = await t.app.inject({ url: '/api/live/http-tier' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.origin.replace(/[.:/]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3.origin.replace(/[.:/]/g, '\\$&')}`));
  });
});

describe(`external LiveKit without a store (${databaseKind()})`, () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({
      livekit: livekitConfig(),
      recordings: { dir, retentionDays: 30, maxBytes: 10 ** 9, sweepIntervalMs: 0 },
      httpTier: { enabled: true, playlistWaitMs: 0 },
    } satisfies Partial<AppConfig>);
  });
  afterAll(() => bare?.close());

  it('records nothing and the HTTP tier says it needs a store', async () => {
    const status = ZHttpTierStatus.parse((await bare.app.inject({ url: '/api/live/http-tier' })).json());
    expect(status).toEqual({ available: false, reason: HTTP_TIER_EXTERNAL });
    const stream = await createStream(bare.database.db, { creator_address: `0x${'ab'.repeat(20)}` });
    const before = livekit.calls.length;
    await bare.app.ctx.streams.applySystemUpdate(stream.mint, { is_currently_live: true });
    const res = await bare.app.inject({ url: `/hls/${stream.mint}/index.m3u8` });
    expect(res.statusCode).toBe(404);
    expect(ZApiError.parse(res.json()).error.message).toBe(HTTP_TIER_EXTERNAL);
    expect(livekit.calls.length).toBe(before);
  });
});

describe('S3 settings', () => {
  const base = { LIVEKIT_URL: 'wss://lk.example.com', LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: 's' };
  const full = {
    S3_ENDPOINT: 'http://minio:9000/',
    S3_BUCKET: 'mintcast',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('are read with defaults: region us-east-1, public URL endpoint/bucket', () => {
    expect(loadConfig({ ...base, ...full }).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'mintcast',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicUrl: 'http://minio:9000/mintcast',
    });
    expect(loadConfig({ ...base, ...full, S3_PUBLIC_URL: 'https://cdn.example.com/v/' }).s3?.publicUrl).toBe(
      'https://cdn.example.com/v',
    );
    expect(loadConfig(base).s3).toBeUndefined();
  });

  it('refuse a partial store, a store without an external LiveKit, and a bad bucket name, naming each', () => {
    const { S3_SECRET_ACCESS_KEY: _, ...partial } = full;
    expect(() => loadConfig({ ...base, ...partial })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig(full)).toThrow(/S3_ENDPOINT: the S3 store is for an external LiveKit/);
    expect(() => loadConfig({ ...base, ...full, S3_BUCKET: 'My_Bucket' })).toThrow(
      /S3_BUCKET: must be an S3 bucket name/,
    );
    expect(() => loadConfig({ ...base, S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/S3_PUBLIC_URL/);
    expect(() => loadConfig({ ...base, ...full, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: expected a URL/,
    );
  });
});

/**
 * The HTTP delivery tier (issue 33): playlists and segments of a live stream on the site's origin with the cache
 * headers a CDN honours, the packager started by demand and stopped when the stream ends or nobody watches,
 * names outside what the packager writes refused, and viewers past `MEDIA_MAX_VIEWERS_PER_STREAM` sent here.
 * The media server is a stand-in; the files are written by the test where ffmpeg would write them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  roomNameForMint,
  ZApiError,
  ZHttpTierPlace,
  ZHttpTierStatus,
  ZLiveTokenResponse,
} from '@mintcast/contracts';
import { ParticipantInfo } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/env.ts';
import { HTTP_TIER_UNAVAILABLE } from '../src/http-tier/http-tier.service.ts';
import { createStream } from './support/builders.ts';
import { startEgressStandIn } from './support/egress-stand-in.ts';
import { eventually } from './support/multi-instance.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const PLAYLIST = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nr1-0.ts\n';
const SEGMENT = Buffer.from([0x47, 0x40, 0x00, 0x10]);
const IDLE_MS = 60_000;

let t: TestApp;
let dir: string;
let egress: Awaited<ReturnType<typeof startEgressStandIn>>;
let clock = Date.parse('2026-11-28T12:00:00Z');

const config = (ffmpegPath: string): Partial<AppConfig> => ({
  livekit: { ...testConfig().livekit, apiUrl: egress.origin, proxyTarget: egress.origin },
  recordings: { dir, retentionDays: 30, maxBytes: 10 ** 9, sweepIntervalMs: 0, ffmpegPath },
  httpTier: { enabled: true, playlistWaitMs: 0, idleMs: IDLE_MS, maxViewersPerStream: 2 },
});

const get = (url: string, app = t) => app.app.inject({ method: 'GET', url });

/** The packager's calls to the media server so far. */
const startCalls = () => egress.calls.filter((c) => c.method === 'StartParticipantEgress');
const stopCalls = () => egress.calls.filter((c) => c.method === 'StopEgress');

/** A live stream with a creator (the packager records the host). */
const liveStream = async () =>
  createStream(t.database.db, { is_currently_live: true, creator_address: `0x${'ab'.repeat(20)}` });

/** What ffmpeg would have written into the stream's folder. */
const packaged = (mint: string, files: Record<string, string | Buffer> = { 'index.m3u8': PLAYLIST }) => {
  const folder = path.join(dir, 'hls', mint);
  mkdirSync(folder, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(folder, name), bytes);
};

const expectError = (res: { statusCode: number; json(): unknown }, status: number, message?: RegExp) => {
  expect(res.statusCode).toBe(status);
  const { error } = ZApiError.parse(res.json());
  if (message) expect(error.message).toMatch(message);
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mintcast-hls-'));
  egress = await startEgressStandIn();
  t = await createTestApp(config('ffmpeg'), { now: () => clock });
});

afterAll(async () => {
  await t?.close();
  await egress?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`HTTP tier (${databaseKind()})`, () => {
  it('says it runs here (ffmpeg present, embedded media server)', async () => {
    const res = await get('/api/live/http-tier');
    expect(ZHttpTierStatus.parse(res.json())).toEqual({ available: true, reason: null });
  });

  it('a stream that is not live (or does not exist) has no playlist: 404, not cached', async () => {
    const s = await createStream(t.database.db, { is_currently_live: false });
    const res = await get(`/hls/${s.mint}/index.m3u8`);
    expectError(res, 404, /not live/);
    expect(res.headers['cache-control']).toBe('no-store');
    expectError(await get(`/hls/0x${'cd'.repeat(20)}/index.m3u8`), 404, /not live/);
    expectError(await get('/hls/not-an-address/index.m3u8'), 400);
    expect(startCalls()).toHaveLength(0);
  });

  it('the first playlist request starts one packager; the playlist is served short-lived, segments immutable', async () => {
    const s = await liveStream();
    const before = startCalls().length;
    // Started now, nothing written yet: a clean 404 the player retries.
    expectError(await get(`/hls/${s.mint}/index.m3u8`), 404, /starting/);
    await eventually(() => startCalls().length === before + 1);
    const body = startCalls()[before]?.body as {
      roomName: string;
      identity: string;
      segmentOutputs: { filenamePrefix: string; playlistName: string }[];
    };
    expect(body.roomName).toBe(roomNameForMint(s.mint));
    expect(body.identity).toBe(s.creator_address);
    expect(body.segmentOutputs[0]?.filenamePrefix).toMatch(new RegExp(`^hls/${s.mint}/[a-z0-9]+$`));
    expect(body.segmentOutputs[0]?.playlistName).toBe('index.m3u8');

    packaged(s.mint, { 'index.m3u8': PLAYLIST, 'r1-0.ts': SEGMENT });
    const playlist = await get(`/hls/${s.mint}/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=1');
    expect(playlist.body).toBe(PLAYLIST);

    const segment = await get(`/hls/${s.mint}/r1-0.ts`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(segment.rawPayload.equals(SEGMENT)).toBe(true);
    // The packager runs already: no second one.
    expect(startCalls()).toHaveLength(before + 1);

    const metrics = await get('/metrics');
    expect(metrics.body).toMatch(/http_tier_requests_total\{kind="segment"\} [1-9]/);
    expect(metrics.body).toMatch(/http_tier_origin_bytes_total [1-9]/);
  });

  it('a segment not written yet is a 404 that is not cached', async () => {
    const s = await liveStream();
    packaged(s.mint);
    const res = await get(`/hls/${s.mint}/r1-7.ts`);
    expectError(res, 404, /No such segment/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves only names the packager writes, never a file outside the stream folder', async () => {
    const s = await liveStream();
    const other = await liveStream();
    packaged(s.mint);
    packaged(other.mint, { 'index.m3u8': PLAYLIST, 'r1-0.ts': SEGMENT });
    writeFileSync(path.join(dir, 'secret.ts'), 'TOP-SECRET-BYTES');
    writeFileSync(path.join(dir, 'hls', s.mint, 'notes.txt'), 'not a segment');
    for (const name of [
      '..%2F..%2Fsecret.ts',
      '..%2Fsecret.ts',
      `..%2F${other.mint}%2Fr1-0.ts`,
      'notes.txt',
      'r1-0.ts%00.txt',
      'R1-0.TS',
      'index.m3u8.tmp',
      `${'a'.repeat(40)}-1.ts`,
    ]) {
      const res = await get(`/hls/${s.mint}/${name}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.body, name).not.toContain('TOP-SECRET');
    }
    // An encoded slash never reaches the file system, and a traversal in the path is normalised away or refused.
    for (const url of [
      `/hls/${s.mint}/../../secret.ts`,
      `/hls/..%2F${s.mint}/index.m3u8`,
      `/hls/${s.mint}/%2E%2E`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('TOP-SECRET');
    }
  });

  it('going offline stops the packager; so does nobody asking for the playlist for a minute', async () => {
    const s = await liveStream();
    packaged(s.mint);
    expect((await get(`/hls/${s.mint}/index.m3u8`)).statusCode).toBe(200);
    await eventually(() => startCalls().some((c) => String(c.body.roomName).endsWith(s.mint)));
    const stops = stopCalls().length;
    await t.app.ctx.streams.applySystemUpdate(s.mint, { is_currently_live: false });
    await eventually(() => stopCalls().length === stops + 1);
    expectError(await get(`/hls/${s.mint}/index.m3u8`), 404, /not live/);

    const idle = await liveStream();
    packaged(idle.mint);
    expect((await get(`/hls/${idle.mint}/index.m3u8`)).statusCode).toBe(200);
    await eventually(() => startCalls().some((c) => String(c.body.roomName).endsWith(idle.mint)));
    // The stand-in names an egress after its call's position.
    const idleEgress = `EG_${egress.calls.findIndex((c) => String(c.body.roomName).endsWith(idle.mint)) + 1}`;
    const stopped = () => stopCalls().some((c) => (c.body.egressId ?? c.body.egress_id) === idleEgress);
    t.app.httpTier.sweep();
    expect(stopped()).toBe(false);
    clock += IDLE_MS + 1;
    t.app.httpTier.sweep();
    await eventually(stopped);
  });

  it('sends a viewer to the HTTP tier when WebRTC has MEDIA_MAX_VIEWERS_PER_STREAM viewers, and back when a place frees up', async () => {
    const s = await liveStream();
    const token = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/live/token',
        payload: { roomName: roomNameForMint(s.mint), participantName: 'Viewer', isHost: false },
      });
    const viewer = (n: number) =>
      new ParticipantInfo({ identity: `viewer-${n}`, metadata: JSON.stringify({ role: 'viewer' }) });
    const host = new ParticipantInfo({ identity: 'host', metadata: JSON.stringify({ role: 'host' }) });
    egress.participants.push(host, viewer(1));
    expect(ZLiveTokenResponse.parse((await token()).json()).token).toBeTruthy();
    egress.participants.push(viewer(2));
    const full = await token();
    expect(full.statusCode).toBe(200);
    expect(ZHttpTierPlace.parse(full.json())).toEqual({
      tier: 'http',
      playlistUrl: `/hls/${s.mint}/index.m3u8`,
    });
    egress.participants.splice(1, 1);
    expect(ZLiveTokenResponse.parse((await token()).json()).token).toBeTruthy();
    egress.participants.length = 0;
  });
});

describe(`HTTP tier without ffmpeg (${databaseKind()})`, () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp(config('/nonexistent/ffmpeg'));
  });
  afterAll(() => bare?.close());

  it('is off and says why; playlists answer 404 with the reason; viewers are never refused', async () => {
    const status = ZHttpTierStatus.parse((await get('/api/live/http-tier', bare)).json());
    expect(status).toEqual({ available: false, reason: HTTP_TIER_UNAVAILABLE });
    const s = await createStream(bare.database.db, {
      is_currently_live: true,
      creator_address: `0x${'ef'.repeat(20)}`,
    });
    expectError(await get(`/hls/${s.mint}/index.m3u8`, bare), 404, /ffmpeg is not installed/);
    const viewer = (n: number) =>
      new ParticipantInfo({ identity: `viewer-${n}`, metadata: JSON.stringify({ role: 'viewer' }) });
    egress.participants.push(viewer(1), viewer(2), viewer(3));
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/live/token',
      payload: { roomName: roomNameForMint(s.mint), participantName: 'Viewer', isHost: false },
    });
    egress.participants.length = 0;
    expect(ZLiveTokenResponse.parse(res.json()).token).toBeTruthy();
  });
});

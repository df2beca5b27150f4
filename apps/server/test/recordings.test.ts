import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  roomNameForMint,
  ZApiError,
  ZRecording,
  ZRecordingList,
  ZRecordingSettings,
  ZReplayChat,
} from '@mintcast/contracts';
import { AccessToken, EgressInfo, WebhookEvent } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingFiles, recordingFilePath } from '../src/recordings/recording-files.ts';
import { createRecordingsRepository } from '../src/recordings/recordings.repository.ts';
import { sweepRecordings } from '../src/recordings/retention.ts';
import { createStream } from './support/builders.ts';
import { startEgressStandIn } from './support/egress-stand-in.ts';
import { eventually } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const { apiKey, apiSecret } = testConfig().livekit;

let t: TestApp;
let dir: string;
let egress: Awaited<ReturnType<typeof startEgressStandIn>>;
let admin: SignedIn;

/** An egress_ended webhook as the media server signs it. */
const egressEnded = async (
  filename: string,
  durationMs: number,
  size: number,
  times: { startedAt?: number; endedAt?: number } = {},
) => {
  const msg = new WebhookEvent({
    id: `EV_${randomUUID()}`,
    createdAt: BigInt(Math.floor(Date.now() / 1000)),
    egressInfo: EgressInfo.fromJson({
      egressId: 'EG_1',
      status: durationMs > 0 ? 'EGRESS_COMPLETE' : 'EGRESS_FAILED',
      fileResults: [
        {
          filename,
          duration: String(BigInt(durationMs) * 1_000_000n),
          size: String(size),
          endedAt: String(BigInt(times.endedAt ?? Date.now()) * 1_000_000n),
          ...(times.startedAt ? { startedAt: String(BigInt(times.startedAt) * 1_000_000n) } : {}),
        },
      ],
    }),
  });
  msg.event = 'egress_ended';
  const body = JSON.stringify(msg.toJson());
  const at = new AccessToken(apiKey, apiSecret, { ttl: '5m' });
  at.sha256 = createHash('sha256').update(body).digest('base64');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live/webhook',
    payload: body,
    headers: { 'content-type': 'application/webhook+json', authorization: await at.toJwt() },
  });
  expect(res.statusCode).toBe(200);
};

/** A stream whose creator is signed in. */
const creatorStream = async () => {
  const creator = await signIn(t.app);
  const stream = await createStream(t.database.db, { creator_address: creator.address });
  return { creator, mint: stream.mint };
};

/** Takes a stream live and waits for the egress request it causes; returns the recording's file path. */
const goLive = async (mint: string): Promise<string> => {
  const before = egress.calls.length;
  await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: true });
  await eventually(() => egress.calls.length > before);
  const outputs = (egress.calls[before]?.body.fileOutputs ?? []) as { filepath: string }[];
  return outputs[0]?.filepath ?? '';
};

/** A finished recording of `mint`: live, egress, a file on disk, egress_ended. */
const recorded = async (mint: string, bytes = Buffer.from('0123456789abcdefghij')) => {
  const filepath = await goLive(mint);
  mkdirSync(path.dirname(path.join(dir, filepath)), { recursive: true });
  writeFileSync(path.join(dir, filepath), bytes);
  await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: false });
  await egressEnded(filepath, 4_000, bytes.length);
  const id = path.basename(filepath, '.webm');
  return { id, filepath };
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mintcast-rec-'));
  egress = await startEgressStandIn();
  // Sign-in needs the app; the admin's address is only known after, so the admin is a fixed key.
  const adminKey = `0x${'11'.repeat(32)}` as const;
  const { privateKeyToAccount } = await import('viem/accounts');
  const adminAddress = privateKeyToAccount(adminKey).address.toLowerCase();
  t = await createTestApp({
    livekit: { ...testConfig().livekit, apiUrl: egress.origin, proxyTarget: egress.origin },
    recordings: { dir, retentionDays: 30, maxBytes: 10 ** 9, sweepIntervalMs: 0 },
    adminAddresses: [adminAddress],
  });
  admin = await signIn(t.app, { privateKey: adminKey });
});

afterAll(async () => {
  await t?.close();
  await egress?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`recordings (${databaseKind()})`, () => {
  it('a stream going live asks the media server to record its host; egress_ended makes it a replay', async () => {
    const { creator, mint } = await creatorStream();
    const filepath = await goLive(mint);
    const call = egress.calls.at(-1);
    expect(call?.method).toBe('StartParticipantEgress');
    expect(call?.body.roomName).toBe(roomNameForMint(mint));
    expect(call?.body.identity).toBe(creator.address);
    expect(filepath).toMatch(new RegExp(`^${mint}/[0-9a-f-]{36}\\.webm$`));

    // While recording: the creator sees it, viewers do not.
    const mine = ZRecordingList.parse(
      (await t.app.inject({ url: `/api/streams/${mint}/recordings`, headers: creator.headers })).json(),
    );
    expect(mine.items.map((r) => r.status)).toEqual(['recording']);
    const anon = ZRecordingList.parse(
      (await t.app.inject({ url: `/api/streams/${mint}/recordings` })).json(),
    );
    expect(anon.items).toEqual([]);

    // Going offline stops the egress.
    await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: false });
    await eventually(() => egress.calls.at(-1)?.method === 'StopEgress');

    mkdirSync(path.dirname(path.join(dir, filepath)), { recursive: true });
    writeFileSync(path.join(dir, filepath), 'webm-bytes');
    await egressEnded(filepath, 5_500, 10);
    const list = ZRecordingList.parse(
      (await t.app.inject({ url: `/api/streams/${mint}/recordings` })).json(),
    );
    expect(list.items).toHaveLength(1);
    const [rec] = list.items;
    expect(rec?.status).toBe('ready');
    expect(rec?.durationMs).toBe(5_500);
    expect(rec?.sizeBytes).toBe(10);
    expect(rec?.videoUrl).toBe(`/api/recordings/${rec?.id}/video`);
    const one = await t.app.inject({ url: `/api/recordings/${rec?.id}` });
    expect(ZRecording.parse(one.json()).id).toBe(rec?.id);
  });

  it('serves the video with HTTP Range requests', async () => {
    const { mint } = await creatorStream();
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    const { id } = await recorded(mint, bytes);
    const whole = await t.app.inject({ url: `/api/recordings/${id}/video` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.app.inject({
      url: `/api/recordings/${id}/video`,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await t.app.inject({ url: `/api/recordings/${id}/video`, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(990))).toBe(true);
    const open = await t.app.inject({ url: `/api/recordings/${id}/video`, headers: { range: 'bytes=900-' } });
    expect(open.headers['content-range']).toBe('bytes 900-999/1000');

    const beyond = await t.app.inject({
      url: `/api/recordings/${id}/video`,
      headers: { range: 'bytes=5000-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
    expect(ZApiError.parse(beyond.json()).error.code).toBe('range_not_satisfiable');
  });

  it('answers bad ids with 400/404, never a file outside the folder', async () => {
    for (const bad of ['not-a-uuid', `${randomUUID()}%00`, `${randomUUID()}.webm`]) {
      const res = await t.app.inject({ url: `/api/recordings/${bad}/video` });
      expect(res.statusCode).toBe(400);
      expect(ZApiError.parse(res.json()).error.code).toBe('invalid_request');
    }
    // Dots and encoded slashes: not an id (400) or another path altogether (404), never a file.
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', '..', '..%2F..%2F..%2Fpackage.json']) {
      const traversal = await t.app.inject({ url: `/api/recordings/${bad}/video` });
      expect([400, 404]).toContain(traversal.statusCode);
      expect(ZApiError.parse(traversal.json()).error.message).toBeTruthy();
    }
    const missing = await t.app.inject({ url: `/api/recordings/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/recordings/${randomUUID()}/video` })).statusCode).toBe(404);
    const noStream = await t.app.inject({ url: `/api/streams/0x${'ab'.repeat(20)}/recordings` });
    expect(noStream.statusCode).toBe(404);
    expect(() => createRecordingFiles(dir).resolve('../x.webm')).toThrow(/outside/);
  });

  it('the creator deletes a replay, an admin removes anyone’s, others may not; a deleted one is gone (410)', async () => {
    const { creator, mint } = await creatorStream();
    const first = await recorded(mint);
    const second = await recorded(mint);
    const stranger = await signIn(t.app);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${first.id}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/recordings/${first.id}` })).statusCode).toBe(
      401,
    );

    const byCreator = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${first.id}`,
      headers: creator.headers,
    });
    expect(byCreator.statusCode).toBe(204);
    expect(existsSync(path.join(dir, first.filepath))).toBe(false);
    const gone = await t.app.inject({ url: `/api/recordings/${first.id}` });
    expect(gone.statusCode).toBe(410);
    expect(ZApiError.parse(gone.json()).error.code).toBe('gone');
    expect((await t.app.inject({ url: `/api/recordings/${first.id}/video` })).statusCode).toBe(410);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${first.id}`,
      headers: creator.headers,
    });
    expect(again.statusCode).toBe(410);

    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${second.id}`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(204);
    const list = ZRecordingList.parse(
      (await t.app.inject({ url: `/api/streams/${mint}/recordings` })).json(),
    );
    expect(list.items).toEqual([]);
  });

  it('a stream whose creator turned recording off is not recorded; only the creator may change it', async () => {
    const { creator, mint } = await creatorStream();
    const url = `/api/streams/${mint}/recording-settings`;
    expect(ZRecordingSettings.parse((await t.app.inject({ url, headers: creator.headers })).json())).toEqual({
      enabled: true,
    });
    const stranger = await signIn(t.app);
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: stranger.headers,
      payload: { enabled: false },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: creator.headers,
      payload: { enabled: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'PUT',
      url,
      headers: creator.headers,
      payload: { enabled: false },
    });
    expect(off.json()).toEqual({ enabled: false });

    const before = egress.calls.length;
    await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: true });
    // Another stream going live afterwards is recorded: once its call arrives, this one's would have too.
    const other = await creatorStream();
    await goLive(other.mint);
    expect(egress.calls.slice(before).map((c) => c.body.roomName)).toEqual([roomNameForMint(other.mint)]);
  });

  it('switching recording off while live stops the current recording; on again, the live stream is recorded again', async () => {
    const { creator, mint } = await creatorStream();
    const filepath = await goLive(mint);
    const url = `/api/streams/${mint}/recording-settings`;
    const put = (enabled: boolean) =>
      t.app.inject({ method: 'PUT', url, headers: creator.headers, payload: { enabled } });
    expect((await put(false)).statusCode).toBe(200);
    expect(egress.calls.at(-1)?.method).toBe('StopEgress');
    const before = egress.calls.length;
    expect((await put(true)).statusCode).toBe(200);
    // The stopped recording is still the active row until egress_ended arrives, so none is started twice;
    // once the media server says it ended, the still-live stream is recorded again.
    expect(egress.calls.length).toBe(before);
    mkdirSync(path.dirname(path.join(dir, filepath)), { recursive: true });
    writeFileSync(path.join(dir, filepath), 'webm-bytes');
    await egressEnded(filepath, 2_000, 10);
    await eventually(() => egress.calls.length > before);
    expect(egress.calls.at(-1)?.method).toBe('StartParticipantEgress');
  });

  it('a replay’s chat: the messages posted while it recorded, each at its moment in the video', async () => {
    const { mint } = await creatorStream();
    const filepath = await goLive(mint);
    mkdirSync(path.dirname(path.join(dir, filepath)), { recursive: true });
    writeFileSync(path.join(dir, filepath), 'webm');
    // The media server says when the file's first frame was taken: the replay's time zero.
    const start = Date.now() - 60_000;
    const end = start + 20_000;
    await egressEnded(filepath, 20_000, 4, { startedAt: start, endedAt: end });
    const id = path.basename(filepath, '.webm');
    expect((await createRecordingsRepository(t.database.db).find(id))?.started_at.getTime()).toBe(start);
    const banned = `0x${'be'.repeat(20)}`;
    const post = (at: number, content: string, author = `0x${'aa'.repeat(20)}`) =>
      t.database.db
        .insertInto('messages')
        .values({ stream_id: mint, user_address: author, content, created_at: new Date(at) })
        .execute();
    await post(start - 5_000, 'before the broadcast');
    await post(start + 1_500, 'first');
    await post(start + 1_200, 'zeroth');
    await post(start + 2_000, 'from a banned wallet', banned);
    await post(end + 60_000, 'after the broadcast');
    await t.database.db
      .insertInto('platform_bans')
      .values({ address: banned, reason: 'spam', banned_by: banned })
      .execute();
    const res = await t.app.inject({ url: `/api/recordings/${id}/chat` });
    expect(res.statusCode).toBe(200);
    const items = ZReplayChat.parse(res.json()).items;
    expect(items.map((m) => [m.content, m.offsetMs])).toEqual([
      ['zeroth', 1_200],
      ['first', 1_500],
    ]);
    expect((await t.app.inject({ url: `/api/recordings/${randomUUID()}/chat` })).statusCode).toBe(404);
  });

  it('an egress that recorded nothing leaves no replay', async () => {
    const { creator, mint } = await creatorStream();
    const filepath = await goLive(mint);
    await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: false });
    await egressEnded(filepath, 0, 0);
    const mine = ZRecordingList.parse(
      (await t.app.inject({ url: `/api/streams/${mint}/recordings`, headers: creator.headers })).json(),
    );
    expect(mine.items).toEqual([]);
    const id = path.basename(filepath, '.webm');
    expect((await t.app.inject({ url: `/api/recordings/${id}` })).statusCode).toBe(404);
  });
});

describe(`recording retention (${databaseKind()})`, () => {
  it('deletes recordings past the retention period, then the oldest over the disk budget, never one being written', async () => {
    const repo = createRecordingsRepository(t.database.db);
    const files = createRecordingFiles(dir);
    const stream = await createStream(t.database.db);
    const now = Date.UTC(2026, 10, 28);
    const day = 24 * 60 * 60 * 1000;
    const make = async (ageDays: number, size: number, status: 'ready' | 'recording' = 'ready') => {
      const id = randomUUID();
      const filePath = recordingFilePath(stream.mint, id);
      mkdirSync(path.dirname(files.resolve(filePath)), { recursive: true });
      writeFileSync(files.resolve(filePath), 'x');
      await repo.insert({ id, streamId: stream.mint, filePath, startedAt: new Date(now - ageDays * day) });
      if (status === 'ready')
        await repo.finish(filePath, { status, durationMs: 1000, sizeBytes: size, endedAt: new Date(now) });
      return { id, filePath };
    };
    // Other tests' recordings are recent and small; these are the oldest and biggest.
    const writing = await make(400, 0, 'recording'); // a live stream's current recording, however old
    const expired = await make(40, 100);
    const old = await make(10, 600_000_000);
    const middle = await make(5, 300_000_000);
    const recent = await make(1, 300_000_000);

    const deleted = await sweepRecordings({
      repo,
      files,
      policy: { retentionDays: 30, maxBytes: 700_000_000 },
      now,
    });
    expect(deleted).toEqual([expired.id, old.id]);
    expect(existsSync(files.resolve(expired.filePath))).toBe(false);
    expect(existsSync(files.resolve(old.filePath))).toBe(false);
    expect(existsSync(files.resolve(middle.filePath))).toBe(true);
    expect(existsSync(files.resolve(recent.filePath))).toBe(true);
    expect(existsSync(files.resolve(writing.filePath))).toBe(true);
    expect((await repo.find(expired.id))?.deleted_by).toBe('retention');
    expect((await repo.find(old.id))?.deleted_by).toBe('disk-budget');
    expect((await t.app.inject({ url: `/api/recordings/${old.id}` })).statusCode).toBe(410);

    // Within budget and period: nothing more goes.
    expect(
      await sweepRecordings({ repo, files, policy: { retentionDays: 30, maxBytes: 700_000_000 }, now }),
    ).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZApiError, ZAuditLog, ZClip, ZClipList, ZClipSettings, ZReportList } from '@mintcast/contracts';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { startEgressStandIn } from './support/egress-stand-in.ts';
import { eventually } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

/** 20 s of VP8 + Opus in WebM, made once by ffmpeg: what the media server's recorder writes. */
let sample: Buffer;
let t: TestApp;
let dir: string;
let egress: Awaited<ReturnType<typeof startEgressStandIn>>;
let admin: SignedIn;
/**
 * The app's clock stops when a test's recording is put on disk: a clip's end is "now" in the recording, so on a
 * busy machine the seconds the test takes must not carry it past the sample's end (a 20 s sample, cut 21.8 s in,
 * gave an 8.2 s clip).
 */
let frozenAt: number | undefined;

const appOptions = (recordingsDir: string, ffmpegPath = 'ffmpeg') => ({
  livekit: { ...testConfig().livekit, apiUrl: egress.origin, proxyTarget: egress.origin },
  recordings: { dir: recordingsDir, retentionDays: 30, maxBytes: 10 ** 9, sweepIntervalMs: 0, ffmpegPath },
});

/**
 * A live stream being recorded: its creator signed in, the egress asked for, and `seconds` of recording on disk
 * with the media server's marker beside it (the file's time zero, `seconds` ago).
 */
const liveRecordedStream = async (app: TestApp = t, seconds = 20) => {
  const creator = await signIn(app.app);
  const { mint } = await createStream(app.database.db, { creator_address: creator.address });
  const before = egress.calls.length;
  await app.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: true });
  await eventually(() => egress.calls.length > before);
  const outputs = (egress.calls[before]?.body.fileOutputs ?? []) as { filepath: string }[];
  const file = path.join(dir, outputs[0]?.filepath ?? '');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, sample);
  frozenAt = Date.now();
  writeFileSync(`${file}.recording.json`, JSON.stringify({ startedAtMs: frozenAt - seconds * 1000 }));
  return { creator, mint };
};

const clip = (mint: string, who: SignedIn, payload: object, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: `/api/streams/${mint}/clips`, headers: who.headers, payload });

const probe = (file: string) =>
  JSON.parse(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_name,codec_type:format=duration,format_name'],
      ...['-of', 'json', file],
    ]).toString(),
  ) as {
    streams: { codec_name: string; codec_type: string }[];
    format: { duration: string; format_name: string };
  };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mintcast-clips-'));
  const src = path.join(dir, 'sample.webm');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '20', '-c:v', 'libvpx', '-b:v', '300k', '-deadline', 'realtime', '-c:a', 'libopus', src],
  ]);
  const { readFileSync } = await import('node:fs');
  sample = readFileSync(src);
  egress = await startEgressStandIn();
  const adminKey = `0x${'22'.repeat(32)}` as const;
  t = await createTestApp(
    { ...appOptions(dir), adminAddresses: [privateKeyToAccount(adminKey).address.toLowerCase()] },
    { now: () => frozenAt ?? Date.now() },
  );
  admin = await signIn(t.app, { privateKey: adminKey });
}, 180_000); // an ffmpeg encode and a fresh database: a generous ceiling for a busy machine, not a wait

afterAll(async () => {
  await t?.close();
  await egress?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`clips (${databaseKind()})`, () => {
  it('a viewer clips the last 10 s of a live stream: an MP4 of H.264 + AAC with a poster, on its own page', async () => {
    const { mint } = await liveRecordedStream();
    const viewer = await signIn(t.app);
    const res = await clip(mint, viewer, { seconds: 10, title: '  the candle  ' });
    expect(res.statusCode).toBe(201);
    const made = ZClip.parse(res.json());
    expect(made).toMatchObject({
      mint,
      title: 'the candle',
      createdBy: viewer.address,
      width: 320,
      height: 240,
    });
    expect(made.durationMs).toBeGreaterThan(9_000);
    expect(made.durationMs).toBeLessThan(11_000);

    const video = await t.app.inject({ url: made.videoUrl });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const file = path.join(dir, 'out.mp4');
    writeFileSync(file, video.rawPayload);
    const info = probe(file);
    expect(info.format.format_name).toContain('mp4');
    expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(info.format.duration)).toBeCloseTo(made.durationMs / 1000, 1);
    const range = await t.app.inject({ url: made.videoUrl, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);

    const poster = await t.app.inject({ url: made.posterUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    expect(ZClip.parse((await t.app.inject({ url: `/api/clips/${made.id}` })).json()).id).toBe(made.id);
    const list = ZClipList.parse((await t.app.inject({ url: `/api/streams/${mint}/clips` })).json());
    expect(list).toEqual({ items: [made], available: true });
  });

  it('refuses bad lengths, a signed-out caller, a stream that is not live or not recorded, with clear 4xx', async () => {
    const { mint } = await liveRecordedStream();
    const viewer = await signIn(t.app);
    for (const seconds of [9, 61, 10.5]) {
      const res = await clip(mint, viewer, { seconds, title: 'x' });
      expect(res.statusCode).toBe(400);
      expect(ZApiError.parse(res.json()).error.message).toMatch(/seconds/);
    }
    expect((await clip(mint, viewer, { seconds: 30, title: '   ' })).statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${mint}/clips`,
      payload: { title: 'x' },
    });
    expect(anon.statusCode).toBe(401);

    const offline = await createStream(t.database.db, { is_currently_live: false });
    const notLive = await clip(offline.mint, viewer, { title: 'x' });
    expect(notLive.statusCode).toBe(409);
    expect(ZApiError.parse(notLive.json()).error.message).toBe('Only a live stream can be clipped');

    // Live, but its creator turned recording off: nothing to cut.
    const creator = await signIn(t.app);
    const unrecorded = await createStream(t.database.db, { creator_address: creator.address });
    await t.app.inject({
      method: 'PUT',
      url: `/api/streams/${unrecorded.mint}/recording-settings`,
      headers: creator.headers,
      payload: { enabled: false },
    });
    await t.app.ctx.streams.applySystemUpdate(unrecorded.mint, { is_currently_live: true });
    const res = await clip(unrecorded.mint, viewer, { title: 'x' });
    expect(res.statusCode).toBe(409);
    expect(ZApiError.parse(res.json()).error.message).toMatch(/not being recorded/);

    const missing = await t.app.inject({ url: '/api/clips/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/clips/nope' })).statusCode).toBe(400);
  });

  it('the creator turns clipping off (only the creator may); viewers are then refused', async () => {
    const { creator, mint } = await liveRecordedStream();
    const viewer = await signIn(t.app);
    const put = (who: SignedIn, enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/streams/${mint}/clip-settings`,
        headers: who.headers,
        payload: { enabled },
      });
    expect((await put(viewer, false)).statusCode).toBe(403);
    expect(ZClipSettings.parse((await put(creator, false)).json())).toEqual({ enabled: false });
    const refused = await clip(mint, viewer, { title: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(ZApiError.parse(refused.json()).error.message).toBe(
      'The creator turned clipping off for this stream',
    );
    await put(creator, true);
    expect((await clip(mint, viewer, { seconds: 10, title: 'x' })).statusCode).toBe(201);
  });

  it('a clip is removed by its author, the stream’s creator or an admin, not by others; then it is gone (410)', async () => {
    const { creator, mint } = await liveRecordedStream();
    const author = await signIn(t.app);
    const stranger = await signIn(t.app);
    const make = async () => ZClip.parse((await clip(mint, author, { seconds: 10, title: 'x' })).json());
    const del = (id: string, who: SignedIn) =>
      t.app.inject({ method: 'DELETE', url: `/api/clips/${id}`, headers: who.headers });
    const [a, b, c] = [await make(), await make(), await make()];
    expect((await del(a.id, stranger)).statusCode).toBe(403);
    expect((await del(a.id, author)).statusCode).toBe(204);
    expect((await del(b.id, creator)).statusCode).toBe(204);
    expect((await del(c.id, admin)).statusCode).toBe(204);
    for (const { id } of [a, b, c]) {
      const gone = await t.app.inject({ url: `/api/clips/${id}` });
      expect(gone.statusCode).toBe(410);
      expect((await t.app.inject({ url: `/api/clips/${id}/video` })).statusCode).toBe(410);
    }
    expect(existsSync(path.join(dir, 'clips', mint, `${a.id}.mp4`))).toBe(false);
    const list = ZClipList.parse((await t.app.inject({ url: `/api/streams/${mint}/clips` })).json());
    expect(list.items).toEqual([]);
  });

  it('clips a replay at its playhead; refuses a replay still recording, deleted or unknown, and ends past its end', async () => {
    const { creator, mint } = await liveRecordedStream();
    const viewer = await signIn(t.app);
    const db = t.database.db;
    const { id } = await db
      .selectFrom('recordings')
      .select('id')
      .where('stream_id', '=', mint)
      .executeTakeFirstOrThrow();
    const replayClip = (payload: object, who: SignedIn | null = viewer, recordingId = id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/recordings/${recordingId}/clips`,
        ...(who ? { headers: who.headers } : {}),
        payload,
      });
    const messageOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error.message;

    const early = await replayClip({ seconds: 10, title: 'x', endMs: 15_000 });
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('This replay is still being recorded; clip the live stream instead');
    await db
      .updateTable('recordings')
      .set({ status: 'ready', duration_ms: 20_000, ended_at: new Date() })
      .where('id', '=', id)
      .execute();

    const res = await replayClip({ seconds: 10, title: 'the pump', endMs: 15_000 });
    expect(res.statusCode).toBe(201);
    const made = ZClip.parse(res.json());
    expect(made).toMatchObject({ mint, title: 'the pump', createdBy: viewer.address });
    expect(made.durationMs).toBeGreaterThan(9_000);
    expect(made.durationMs).toBeLessThan(11_000);
    const row = await db
      .selectFrom('clips')
      .select(['start_ms', 'recording_id'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ start_ms: 5_000, recording_id: id });
    const file = path.join(dir, 'replay-clip.mp4');
    writeFileSync(file, (await t.app.inject({ url: made.videoUrl })).rawPayload);
    expect(
      probe(file)
        .streams.map((s) => s.codec_name)
        .sort(),
    ).toEqual(['aac', 'h264']);

    const pastEnd = await replayClip({ seconds: 10, title: 'x', endMs: 25_000 });
    expect(pastEnd.statusCode).toBe(400);
    expect(messageOf(pastEnd)).toBe('The clip ends after the replay does');
    for (const bad of [
      { seconds: 10, title: 'x', endMs: 500 },
      { seconds: 10, title: 'x', endMs: '15000' },
      { seconds: 10, title: 'x', endMs: 10 ** 12 },
      { seconds: 5, title: 'x', endMs: 15_000 },
      { seconds: 10, title: 'x' },
    ])
      expect((await replayClip(bad)).statusCode).toBe(400);
    expect((await replayClip({ seconds: 10, title: 'x', endMs: 15_000 }, null)).statusCode).toBe(401);
    const unknown = await replayClip({ seconds: 10, title: 'x', endMs: 15_000 }, viewer, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(
      (await replayClip({ seconds: 10, title: 'x', endMs: 15_000 }, viewer, 'not-a-uuid')).statusCode,
    ).toBe(400);

    // The creator's switch holds for replays too.
    await t.app.inject({
      method: 'PUT',
      url: `/api/streams/${mint}/clip-settings`,
      headers: creator.headers,
      payload: { enabled: false },
    });
    expect((await replayClip({ seconds: 10, title: 'x', endMs: 15_000 })).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/recordings/${id}`,
      headers: creator.headers,
    });
    expect(del.statusCode).toBe(204);
    const gone = await replayClip({ seconds: 10, title: 'x', endMs: 15_000 });
    expect(gone.statusCode).toBe(410);
    expect(messageOf(gone)).toBe('This replay was deleted');
  });

  it('a clip is reported (once per wallet); an admin sees it in the queue and takes it down with a reason', async () => {
    const { mint } = await liveRecordedStream();
    const author = await signIn(t.app);
    const reporter = await signIn(t.app);
    const made = ZClip.parse((await clip(mint, author, { seconds: 10, title: 'fake airdrop' })).json());
    const report = (who: SignedIn | null, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports',
        ...(who ? { headers: who.headers } : {}),
        payload,
      });
    const body = { kind: 'clip', clipId: made.id, reason: 'scam', details: 'posts a fake airdrop' };
    expect((await report(reporter, body)).statusCode).toBe(201);
    const again = await report(reporter, body);
    expect(again.statusCode).toBe(409);
    expect(ZApiError.parse(again.json()).error.message).toBe('You have already reported this clip');
    expect((await report(null, body)).statusCode).toBe(401);
    expect((await report(reporter, { ...body, clipId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await report(reporter, { ...body, clipId: 'nope' })).statusCode).toBe(400);
    expect((await report(reporter, { ...body, reason: 'boring' })).statusCode).toBe(400);

    const queue = ZReportList.parse(
      (await t.app.inject({ url: '/api/admin/reports', headers: admin.headers })).json(),
    );
    const filed = queue.items.find((r) => r.clip?.id === made.id);
    expect(filed).toMatchObject({
      kind: 'clip',
      reason: 'scam',
      stream: { mint },
      clip: { id: made.id, title: 'fake airdrop', author: author.address, removed: false },
      message: null,
    });

    const takeDown = (who: SignedIn, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/clips/${made.id}/remove`,
        headers: who.headers,
        payload,
      });
    expect((await takeDown(reporter, { reason: 'scam' })).statusCode).toBe(403);
    expect((await takeDown(admin, {})).statusCode).toBe(400);
    expect((await takeDown(admin, { reason: 'fake airdrop link' })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/clips/${made.id}` })).statusCode).toBe(410);
    expect(existsSync(path.join(dir, 'clips', mint, `${made.id}.mp4`))).toBe(false);
    expect((await takeDown(admin, { reason: 'again' })).statusCode).toBe(410);
    const after = ZReportList.parse(
      (await t.app.inject({ url: '/api/admin/reports', headers: admin.headers })).json(),
    );
    expect(after.items.find((r) => r.clip?.id === made.id)?.clip?.removed).toBe(true);
    const audit = ZAuditLog.parse(
      (await t.app.inject({ url: '/api/admin/audit', headers: admin.headers })).json(),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'remove_clip',
      target: `clip ${made.id} (${mint})`,
      reason: 'fake airdrop link',
    });
    // A removed clip cannot be reported any more.
    const late = await signIn(t.app);
    expect((await report(late, body)).statusCode).toBe(404);
  });

  it('a viewer gets at most 10 clips an hour', async () => {
    const { mint } = await liveRecordedStream();
    const viewer = await signIn(t.app);
    // Nine clips made earlier this hour (ten ffmpeg cuts took over 30 s at load 25), then the tenth is cut here.
    const made = await t.database.db.selectFrom('clips').selectAll().where('stream_id', '=', mint).execute();
    expect(made).toEqual([]);
    for (let i = 0; i < 9; i++) {
      const id = crypto.randomUUID();
      await t.database.db
        .insertInto('clips')
        .values({
          id,
          stream_id: mint,
          recording_id: null,
          created_by: viewer.address,
          title: `n${i}`,
          start_ms: 0,
          duration_ms: 10_000,
          width: 320,
          height: 240,
          file_path: `clips/${mint}/${id}.mp4`,
          poster_path: `clips/${mint}/${id}.jpg`,
          created_at: new Date(frozenAt ?? Date.now()),
        })
        .execute();
    }
    expect((await clip(mint, viewer, { seconds: 10, title: 'the tenth' })).statusCode).toBe(201);
    const res = await clip(mint, viewer, { seconds: 10, title: 'one more' });
    expect(res.statusCode).toBe(429);
    expect(ZApiError.parse(res.json()).error.message).toMatch(/10 clips an hour/);
  });

  it('without ffmpeg, clips say they are unavailable (503) and replays still work', async () => {
    const other = await createTestApp(appOptions(dir, path.join(dir, 'no-such-ffmpeg')));
    try {
      const { mint } = await liveRecordedStream(other);
      const viewer = await signIn(other.app);
      const res = await clip(mint, viewer, { title: 'x' }, other);
      expect(res.statusCode).toBe(503);
      expect(ZApiError.parse(res.json()).error.message).toBe(
        'Clips are unavailable on this server: ffmpeg is not installed',
      );
      const list = ZClipList.parse((await other.app.inject({ url: `/api/streams/${mint}/clips` })).json());
      expect(list).toEqual({ items: [], available: false });
      const recordings = await other.app.inject({ url: `/api/streams/${mint}/recordings` });
      expect(recordings.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

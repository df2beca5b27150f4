/**
 * Recording (participant egress to WebM): a WHIP publisher sending a real VP8 clip is recorded through the
 * Egress Twirp API that livekit-server-sdk's EgressClient speaks; the file is read back with Debian's ffprobe
 * and decoded with ffmpeg. A recording cut mid-write (the media server killed) is finished by the next
 * media server that starts on the same folder, and plays up to the cut.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EgressStatus, EncodedFileOutput, SegmentedFileOutput } from '@livekit/protocol';
import { EgressClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's demo publisher and clip: a real VP8 stream over WHIP, as OBS would send it.
import { startDemoPublisher } from '../../server/src/demo/demo-publisher.ts';
import { parseIvf } from '../../server/src/demo/ivf.ts';
import { type MediaServer, startMediaServer } from '../src/index.ts';
import { markerPath } from '../src/recording/participant-egress.ts';
import { scanWebm } from '../src/recording/webm-file.ts';
import { API_KEY, API_SECRET, joinToken, KEYS } from './helpers/tokens.ts';
import { waitFor } from './helpers/wait.ts';
import { startWebhookSink } from './helpers/webhook-sink.ts';

const ROOM = 'stream-recording-test';
const HOST = '0xhost';
const clip = parseIvf(readFileSync(resolve(import.meta.dirname, '../../server/assets/demo-clip.ivf')));

let dir: string;
let media: MediaServer;
let hooks: Awaited<ReturnType<typeof startWebhookSink>>;
let publisher: { close(): Promise<void> } | undefined;
let egress: EgressClient;
let lastPublishError: unknown;

const http = () => media.url.replace('ws', 'http');

/** ffprobe's view of a file: its duration (s) and the codec of each stream. */
const probe = (path: string) => {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as { format: { duration?: string }; streams: { codec_name: string }[] };
  return { duration: Number(out.format.duration ?? 0), codecs: out.streams.map((s) => s.codec_name) };
};

/** The finished file indexes itself: a SeekHead first in the Segment, pointing at Cues of keyframe clusters. */
const expectIndexed = (path: string) => {
  const scan = scanWebm(path);
  expect(scan?.cuesOffset).toBeGreaterThan(0);
  expect(scan?.keyClusters.length).toBeGreaterThan(0);
  expect(
    readFileSync(path)
      .subarray(scan?.segmentDataStart, (scan?.segmentDataStart ?? 0) + 4)
      .toString('hex'),
  ).toBe('114d9b74');
};

/** Frames ffmpeg decodes from the file's video, with decoding errors making it fail. */
const decodedFrames = (path: string): number => {
  const out = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=nb_read_frames',
      '-of',
      'csv=p=0',
      path,
    ],
    { encoding: 'utf8' },
  );
  return Number(out.trim());
};

const publish = async () => {
  const token = await joinToken(
    HOST,
    ROOM,
    { canPublish: true, canSubscribe: false },
    { metadata: '{"role":"host","ingest":"whip"}' },
  );
  publisher = startDemoPublisher({
    clip,
    connect: async (offer) => {
      const res = await fetch(`${http()}/whip`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/sdp' },
        body: offer,
      });
      if (res.status !== 201) throw new Error(`WHIP ${res.status}: ${await res.text()}`);
      const location = res.headers.get('location') ?? '';
      return {
        answer: await res.text(),
        stop: async () => {
          await fetch(`${http()}${location}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${token}` },
          });
        },
      };
    },
    stillPublishing: async () => true,
    retryDelayMs: () => 500,
    checkEveryMs: 60_000,
    onError: (err) => {
      lastPublishError = err;
    },
  });
  await waitFor(
    () => hooks.events.some((e) => e.event === 'participant_joined' && e.participant?.identity === HOST),
    `the publisher in the room (last error: ${String(lastPublishError)})`,
    30_000,
  );
};

const startEgress = (filepath: string) =>
  egress.startParticipantEgress(ROOM, HOST, { file: new EncodedFileOutput({ filepath }) });

/** Waits until the file holds at least `ms` of media (read from the file itself, not a clock). */
const recorded = (path: string, ms: number) =>
  expect
    .poll(() => scanWebm(path)?.durationMs ?? 0, { timeout: 20_000, interval: 200 })
    .toBeGreaterThanOrEqual(ms);

const ended = (egressId: string) => {
  const find = () =>
    hooks.events.find((e) => e.event === 'egress_ended' && e.egressInfo?.egressId === egressId);
  return expect
    .poll(() => find() !== undefined, { timeout: 15_000 })
    .toBe(true)
    .then(() => find()?.egressInfo);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mintcast-recordings-'));
  hooks = await startWebhookSink(API_KEY, API_SECRET);
  media = await startMediaServer({
    port: 0,
    host: '127.0.0.1',
    keys: KEYS,
    webhookUrl: hooks.url,
    logLevel: 'error',
    recordingsDir: dir,
  });
  egress = new EgressClient(http(), API_KEY, API_SECRET);
  await publish();
});

afterAll(async () => {
  await publisher?.close();
  await media?.close();
  await hooks?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('participant egress to WebM', () => {
  it('records a publisher without transcoding into a file ffprobe reads and ffmpeg decodes', async () => {
    const info = await startEgress('stream-a/first.webm');
    expect(info.egressId).toMatch(/^EG_/);
    const path = join(dir, 'stream-a/first.webm');
    await recorded(path, 2_000);
    // While it runs, a marker beside it lets a restarted server finish it.
    expect(statSync(markerPath(path)).size).toBeGreaterThan(0);
    expect((await egress.listEgress({ roomName: ROOM })).map((e) => e.egressId)).toContain(info.egressId);
    await egress.stopEgress(info.egressId);
    const end = await ended(info.egressId);
    expect(end?.status).toBe(EgressStatus.EGRESS_COMPLETE);
    const file = end?.fileResults[0];
    expect(file?.filename).toBe('stream-a/first.webm');
    expect(Number(file?.size)).toBe(statSync(path).size);
    expect(Number(file?.duration)).toBeGreaterThanOrEqual(2_000_000_000);
    expect(() => statSync(markerPath(path))).toThrow();
    expect(hooks.names()).toContain('egress_started');

    const p = probe(path);
    expect(p.codecs).toEqual(['vp8']);
    // The header's duration is the real one (not the placeholder written at the start).
    expect(p.duration).toBeGreaterThan(1.5);
    expect(p.duration).toBeLessThan(Number(file?.duration) / 1e9 + 1);
    // ~30 fps for at least 2 s, every frame decodable (the recording opened on a keyframe).
    expect(decodedFrames(path)).toBeGreaterThan(40);
    expectIndexed(path);
  });

  it('a recording cut mid-write is finished by the next media server on that folder and plays up to the cut', async () => {
    const info = await startEgress('stream-a/cut.webm');
    const path = join(dir, 'stream-a/cut.webm');
    await recorded(path, 3_000);
    // What a kill -9 leaves: the file as written so far (placeholder duration, no cues) and its marker, cut
    // in the middle of an element.
    const crashed = mkdtempSync(join(tmpdir(), 'mintcast-crashed-'));
    const copy = join(crashed, 'stream-a/cut.webm');
    execFileSync('mkdir', ['-p', join(crashed, 'stream-a')]);
    copyFileSync(path, copy);
    const whole = statSync(copy).size;
    truncateSync(copy, whole - 37);
    writeFileSync(markerPath(copy), readFileSync(markerPath(path)));
    await egress.stopEgress(info.egressId);
    await ended(info.egressId);

    const restartedHooks = await startWebhookSink(API_KEY, API_SECRET);
    const restarted = await startMediaServer({
      port: 0,
      host: '127.0.0.1',
      keys: KEYS,
      webhookUrl: restartedHooks.url,
      logLevel: 'error',
      recordingsDir: crashed,
    });
    try {
      await expect.poll(() => restartedHooks.names(), { timeout: 10_000 }).toContain('egress_ended');
      const end = restartedHooks.events.find((e) => e.event === 'egress_ended')?.egressInfo;
      expect(end?.egressId).toBe(info.egressId);
      expect(end?.status).toBe(EgressStatus.EGRESS_ABORTED);
      expect(Number(end?.fileResults[0]?.duration)).toBeGreaterThanOrEqual(2_500_000_000);
      expect(statSync(copy).size).toBeLessThan(whole - 37 + 1);
      expect(() => statSync(markerPath(copy))).toThrow();
      const p = probe(copy);
      expect(p.codecs).toEqual(['vp8']);
      expect(p.duration).toBeGreaterThan(2.5);
      expect(p.duration).toBeLessThan(60);
      expect(decodedFrames(copy)).toBeGreaterThan(60);
      expectIndexed(copy);
    } finally {
      await restarted.close();
      await restartedHooks.close();
      rmSync(crashed, { recursive: true, force: true });
    }
  });

  it('refuses a path outside the folder, an unknown room and a token without the record grant', async () => {
    await expect(startEgress('../escape.webm')).rejects.toThrow(/relative path/);
    await expect(startEgress('/abs/x.webm')).rejects.toThrow(/relative path/);
    await expect(startEgress('x.mp4')).rejects.toThrow(/relative path/);
    await expect(
      egress.startParticipantEgress('no-such-room', HOST, {
        file: new EncodedFileOutput({ filepath: 'z.webm' }),
      }),
    ).rejects.toThrow(/does not exist/);
    await expect(egress.stopEgress('EG_nothere')).rejects.toThrow(/does not exist/);
    const res = await fetch(`${http()}/twirp/livekit.Egress/ListEgress`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await joinToken('api', ROOM, { roomAdmin: true })}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });

  it('packages a publisher into HLS through ffmpeg (the HTTP tier): H.264 segments, a live playlist, all removed at the end', async () => {
    const segments = (filenamePrefix: string, playlistName = 'index.m3u8') =>
      egress.startParticipantEgress(ROOM, HOST, {
        segments: new SegmentedFileOutput({ filenamePrefix, playlistName, segmentDuration: 1 }),
      });
    // Only `hls/<folder>/<prefix>` (a folder the packager may empty), never a recordings folder.
    await expect(segments('stream-a/x')).rejects.toThrow(/filename_prefix/);
    await expect(segments('hls/../x')).rejects.toThrow(/filename_prefix/);
    await expect(segments('hls/a/x', '../index.m3u8')).rejects.toThrow(/filename_prefix/);

    const info = await segments('hls/stream-a/r1');
    const folder = join(dir, 'hls/stream-a');
    const listed = () =>
      existsSync(join(folder, 'index.m3u8'))
        ? readFileSync(join(folder, 'index.m3u8'), 'utf8')
            .split('\n')
            .filter((l) => l.endsWith('.ts'))
        : [];
    await expect.poll(() => listed().length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    expect(listed()[0]).toMatch(/^r1-\d+\.ts$/);
    expect(probe(join(folder, listed()[0] as string)).codecs).toContain('h264');
    await egress.stopEgress(info.egressId);
    const end = await ended(info.egressId);
    expect(end?.status).toBe(EgressStatus.EGRESS_COMPLETE);
    expect(end?.segmentResults[0]?.playlistName).toBe('hls/stream-a/index.m3u8');
    expect(existsSync(folder)).toBe(false);
  });
});

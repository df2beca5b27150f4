/**
 * The HTTP tier (decision 026) for a browser broadcaster: livekit-client in Chromium publishes simulcast VP8 +
 * Opus (its fake camera and microphone), a segments egress asks the media server's packager for HLS, and ffmpeg
 * writes a live playlist of H.264 + AAC segments.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EgressStatus, SegmentedFileOutput } from '@livekit/protocol';
import { EgressClient } from 'livekit-server-sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, launchChromium } from './helpers/browser.ts';
import { useMediaServer } from './helpers/media-server.ts';
import { startStaticServer } from './helpers/static-server.ts';
import { API_KEY, API_SECRET, joinToken } from './helpers/tokens.ts';

const ROOM = 'hls-browser-room';
const dir = mkdtempSync(join(tmpdir(), 'mintcast-hls-browser-'));

describe.skipIf(!existsSync(CHROMIUM_PATH))(
  'HTTP tier of a browser broadcaster',
  { timeout: 240_000 },
  () => {
    let web: Awaited<ReturnType<typeof startStaticServer>>;
    let browser: Browser;
    let host: Page;
    const media = useMediaServer({
      webhooks: true,
      logLevel: 'warn',
      recordingsDir: dir,
      ffmpegPath: process.env.HLS_TEST_FFMPEG || 'ffmpeg',
    });
    const run = <T>(page: Page, body: string, arg?: unknown) =>
      page.evaluate(
        ([code, a]) => {
          const g = globalThis as unknown as { lk: { room: unknown } };
          return new Function('room', 'g', 'arg', `return (async () => { ${code} })()`)(g.lk.room, g, a);
        },
        [body, arg] as const,
      ) as Promise<T>;

    beforeAll(async () => {
      web = await startStaticServer();
      browser = await launchChromium();
      host = await (await browser.newContext()).newPage();
      await host.goto(web.url);
      const token = await joinToken('host', ROOM, { canPublish: true }, { metadata: '{"role":"host"}' });
      await run(host, 'await g.lkJoin(arg[0], arg[1]);', [media.url, token]);
      await run(host, 'await room.localParticipant.enableCameraAndMicrophone();');
    });

    afterAll(async () => {
      await browser?.close();
      await web?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Asks for HLS of the host, waits for a playlist of two segments, checks their codecs, stops it. */
    const packaged = async (folderName: string) => {
      const egress = new EgressClient(media.http, API_KEY, API_SECRET);
      const info = await egress.startParticipantEgress(ROOM, 'host', {
        segments: new SegmentedFileOutput({
          filenamePrefix: `hls/${folderName}/r1`,
          playlistName: 'index.m3u8',
          segmentDuration: 1,
        }),
      });
      const folder = join(dir, 'hls', folderName);
      const listed = () =>
        existsSync(join(folder, 'index.m3u8'))
          ? readFileSync(join(folder, 'index.m3u8'), 'utf8')
              .split('\n')
              .filter((l) => l.endsWith('.ts'))
          : [];
      await expect.poll(() => listed().length, { timeout: 180_000, interval: 250 }).toBeGreaterThanOrEqual(2);
      const segment = join(folder, listed().at(-1) as string);
      const streams = execFileSync(
        'ffprobe',
        ['-v', 'error', '-show_entries', 'stream=codec_name,r_frame_rate', '-of', 'csv=p=0', segment],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n');
      await egress.stopEgress(info.egressId);
      await expect
        .poll(
          () =>
            media.hooks.events.find(
              (e) => e.event === 'egress_ended' && e.egressInfo?.egressId === info.egressId,
            )?.egressInfo?.status,
          { timeout: 15_000 },
        )
        .toBe(EgressStatus.EGRESS_COMPLETE);
      expect(existsSync(folder)).toBe(false);
      return streams;
    };

    it('packages simulcast VP8 + Opus into a live playlist of H.264 + AAC segments at 30 fps', async () => {
      const streams = await packaged('browser');
      expect(streams).toEqual(expect.arrayContaining(['h264,30/1', 'aac,0/0']));
    });

    it('packages the camera of a host whose microphone sends nothing (the audio is silence, the segments still come)', async () => {
      // The microphone stays published but no packet leaves (as when a browser's audio starts seconds late).
      const mic = `[...room.localParticipant.trackPublications.values()].find((p) => p.source === 'microphone').track`;
      await run(host, `await ${mic}.sender.replaceTrack(null);`);
      const streams = await packaged('silent');
      expect(streams).toEqual(expect.arrayContaining(['h264,30/1', 'aac,0/0']));
      await run(host, `await ${mic}.sender.replaceTrack(${mic}.mediaStreamTrack);`);
    });
  },
);

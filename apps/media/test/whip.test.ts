import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomStats } from '../src/index.ts';
import { CHROMIUM_PATH, launchChromium } from './helpers/browser.ts';
import { useMediaServer } from './helpers/media-server.ts';
import { startStaticServer } from './helpers/static-server.ts';
import { joinToken } from './helpers/tokens.ts';
import { waitFor } from './helpers/wait.ts';
import { whipPublish } from './helpers/whip-client.ts';

const ROOM = 'stream-whip';
const HOST = '0xhost';
const HOST_META = '{"role":"host","ingest":"whip"}';

type Received = { codec?: string; frames: number; width: number; audioPackets: number } | null;

// WHIP (RFC 9725) into the SFU: Chromium's RTCPeerConnection publishes over HTTP, an unmodified
// livekit-client viewer in Chromium watches it as the room's host participant.
describe.skipIf(!existsSync(CHROMIUM_PATH))('WHIP ingest', { timeout: 90_000 }, () => {
  const media = useMediaServer({ webhooks: true, logLevel: 'warn' });
  const whipEndpoint = () => `${media.http}/whip`;
  let web: Awaited<ReturnType<typeof startStaticServer>>;
  let browser: Browser;
  let publisher: Page;
  let viewer: Page;
  const hostToken = () =>
    joinToken(HOST, ROOM, { canPublish: true, canPublishData: false }, { metadata: HOST_META, name: 'Host' });

  /** What the viewer receives from the host: the video's codec, decoded frames, audio packets. */
  const received = (): Promise<Received> =>
    viewer.evaluate(`(async () => {
      const p = window.lk.room?.remoteParticipants.get(${JSON.stringify(HOST)});
      if (!p) return null;
      const pubs = [...p.trackPublications.values()];
      const video = pubs.find((x) => x.source === 'camera')?.track;
      const audio = pubs.find((x) => x.source === 'microphone')?.track;
      if (!video?.receiver || !audio?.receiver) return null;
      const vStats = [...(await video.receiver.getStats()).values()];
      const inbound = vStats.find((s) => s.type === 'inbound-rtp');
      const codec = vStats.find((s) => s.type === 'codec' && s.id === inbound?.codecId)?.mimeType;
      const aStats = [...(await audio.receiver.getStats()).values()];
      const el = document.querySelector('video');
      return {
        codec,
        frames: el?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
        width: el?.videoWidth ?? 0,
        audioPackets: aStats.find((s) => s.type === 'inbound-rtp')?.packetsReceived ?? 0,
      };
    })()`);
  /** The viewer's remote participant `identity`: its metadata, or null when it is not in the room. */
  const remote = (identity: string): Promise<string | null> =>
    viewer.evaluate(`window.lk.room.remoteParticipants.get(${JSON.stringify(identity)})?.metadata ?? null`);

  /** The host's tracks as the media server's stats endpoint reports them (an admin token for the room). */
  const hostHealth = async () => {
    const res = await fetch(`${media.http}/twirp/mintcast.MediaStats/GetRoomStats`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await joinToken('api', ROOM, { roomAdmin: true })}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ room: ROOM }),
    });
    expect(res.status).toBe(200);
    const stats = (await res.json()) as RoomStats;
    return stats.participants.find((p) => p.identity === HOST)?.tracks ?? [];
  };

  /** Waits for the incoming video's health to show bitrate and frame rate; returns video and audio. */
  const expectHealth = async (mimeType: string) => {
    const tracks = await waitFor(async () => {
      const t = await hostHealth();
      const v = t.find((x) => x.kind === 'video');
      const a = t.find((x) => x.kind === 'audio');
      return v && a && v.bitrateKbps > 0 && v.fps > 0 && a.bitrateKbps > 0 ? { v, a } : null;
    }, 'the host video health at the media server');
    expect(tracks.v.mimeType).toBe(mimeType);
    expect(tracks.v.lossPct).toBeGreaterThanOrEqual(0);
    expect(tracks.v.lossPct).toBeLessThan(50);
    return tracks;
  };

  const expectFlowing = async (codec: string) => {
    const first = await waitFor(
      async () => {
        const r = await received();
        // The codec stat can come a poll after the first frame's: wait for it too.
        return r && r.frames > 0 && r.audioPackets > 0 && r.codec ? r : null;
      },
      'first frame and audio at the viewer',
      30_000,
    );
    expect(first.codec).toBe(codec);
    expect(first.width).toBe(640);
    await waitFor(async () => {
      const r = await received();
      return r && r.frames > first.frames + 10 && r.audioPackets > first.audioPackets + 20;
    }, 'frames advancing and audio packets arriving');
  };

  beforeAll(async () => {
    web = await startStaticServer();
    browser = await launchChromium();
    publisher = await (await browser.newContext()).newPage();
    viewer = await (await browser.newContext()).newPage();
    await Promise.all([publisher.goto(web.url), viewer.goto(web.url)]);
    const token = await joinToken('viewer-1', ROOM, { canPublish: false, canPublishData: false });
    await viewer.evaluate(`window.lkJoin(${JSON.stringify(media.url)}, ${JSON.stringify(token)})`);
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('shows room stats only to an admin of that room', async () => {
    const post = async (token: string) =>
      (
        await fetch(`${media.http}/twirp/mintcast.MediaStats/GetRoomStats`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ room: ROOM }),
        })
      ).status;
    expect(await post(await joinToken('viewer-2', ROOM))).toBe(401);
    expect(await post(await joinToken('api', 'other-room', { roomAdmin: true }))).toBe(401);
    expect(await post(await joinToken('api', ROOM, { roomAdmin: true }))).toBe(200);
  });

  it('refuses a bad token (401), another content type (415) and an offer with no media (400)', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(whipEndpoint(), { method: 'POST', headers, body }).then((r) => r.status);
    const sdp = 'v=0\r\n';
    expect(await post({ 'content-type': 'application/sdp' }, sdp)).toBe(401);
    expect(await post({ 'content-type': 'application/sdp', authorization: 'Bearer nope' }, sdp)).toBe(401);
    const auth = { authorization: `Bearer ${await hostToken()}` };
    expect(await post({ 'content-type': 'text/plain', ...auth }, sdp)).toBe(415);
    expect(await post({ 'content-type': 'application/sdp', ...auth }, sdp)).toBe(400);
  });

  it('forwards H.264 and Opus untranscoded to a waiting viewer; a second offer gets 409; DELETE ends it', async () => {
    const published = await whipPublish(publisher, whipEndpoint(), await hostToken(), 'video/H264');
    expect(published.status).toBe(201);
    const client = published.client!;
    // The publisher is the room's host participant, with the token's metadata.
    await waitFor(async () => (await remote(HOST)) === HOST_META, 'host participant at the viewer');
    await expectFlowing('video/H264');
    // The frame size comes from the SPS before each IDR.
    expect((await expectHealth('video/H264')).v).toMatchObject({ width: 640, height: expect.any(Number) });
    // participant_joined only once media arrived (the API's live flag follows it).
    const joined = media.hooks.events.find(
      (e) => e.event === 'participant_joined' && e.participant?.identity === HOST,
    );
    expect(joined?.participant?.metadata).toBe(HOST_META);
    expect(await client.patch()).toBe(204);

    const other = await (await browser.newContext()).newPage();
    await other.goto(web.url);
    expect((await whipPublish(other, whipEndpoint(), await hostToken())).status).toBe(409);
    await other.close();

    expect(await client.stop()).toBe(200);
    await waitFor(async () => (await remote(HOST)) === null, 'host gone at the viewer');
    await waitFor(
      () =>
        media.hooks.events.some((e) => e.event === 'participant_left' && e.participant?.identity === HOST),
      'participant_left webhook',
    );
    expect(await client.stop()).toBe(404);
  });

  it('forwards VP8 too', async () => {
    const published = await whipPublish(publisher, whipEndpoint(), await hostToken(), 'video/VP8');
    expect(published.status).toBe(201);
    await expectFlowing('video/VP8');
    const { v } = await expectHealth('video/VP8');
    expect(v.width).toBe(640);
    expect(v.height).toBeGreaterThan(0);
    expect(await published.client!.stop()).toBe(200);
  });
});

import path from 'node:path';
import { roomNameForMint } from '@mintcast/contracts';
import { type MediaServer, startMediaServer } from '@mintcast/media';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { featuredDemoStreams, seedDemo } from '../src/db/seed.ts';
import { DEMO_LIVE_STREAMS } from '../src/demo/demo-broadcast.ts';
import { freePort } from './support/free-port.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind, openTestDatabase } from './support/test-database.ts';

const keys = { apiKey: 'demo-test', apiSecret: 'demo-test-secret-0123456789abcdef' };
const clipPath = path.resolve(import.meta.dirname, '../assets/demo-clip.ivf');

/**
 * `npm run seed` then `npm start`: the first demo streams are broadcast (a looped clip over WHIP into the
 * embedded media server) and go live through the media server's own webhooks; the rest stay offline.
 */
describe(`demo broadcast (${databaseKind()})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let media: MediaServer;
  let admin: RoomServiceClient;
  let database: DatabaseHandle;
  const demo = featuredDemoStreams();
  const live = demo.slice(0, DEMO_LIVE_STREAMS);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db);
    const port = await freePort();
    const internal = `http://127.0.0.1:${port}`;
    t = await createTestApp(
      {
        livekit: { url: 'ws://localhost:3000', apiUrl: internal, proxyTarget: internal, ...keys },
        demoBroadcast: { enabled: true, clipPath },
      },
      { database },
    );
    const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The media server comes up after the app, as after a crash: the publishers retry until it answers.
    media = await startMediaServer({
      port,
      host: '127.0.0.1',
      keys: { [keys.apiKey]: keys.apiSecret },
      webhookUrl: `${appUrl}/api/live/webhook`,
      logLevel: 'silent',
    });
    admin = new RoomServiceClient(internal, keys.apiKey, keys.apiSecret);
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
    await database?.close();
  });

  const liveFlags = async () =>
    Promise.all(demo.map(async (s) => (await t.app.ctx.streams.get(s.mint as string)).is_currently_live));

  it('puts the first demo streams on the air with a VP8 track published by their creator', async () => {
    await expect
      .poll(liveFlags, { timeout: 90_000, interval: 250 })
      .toEqual(demo.map((_, i) => i < DEMO_LIVE_STREAMS));
    for (const s of live) {
      const [host] = await admin.listParticipants(roomNameForMint(s.mint as string));
      expect(host?.identity).toBe(s.creator_address);
      expect(host?.tracks.map((tr) => tr.mimeType.toLowerCase())).toEqual(['video/vp8']);
    }
  });

  it('stops with the app: its WHIP sessions end and the rooms empty', async () => {
    await t.app.close();
    for (const s of live)
      await expect
        .poll(async () => (await admin.listParticipants(roomNameForMint(s.mint as string))).length, {
          timeout: 30_000,
        })
        .toBe(0);
  });
});

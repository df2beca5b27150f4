import { ZIngestKey } from '@mintcast/contracts';
import { type MediaServer, startMediaServer } from '@mintcast/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../media/test/helpers/wait.ts';
import { WeriftWhipPublisher } from '../../media/test/helpers/werift-whip.ts';
import { createStream } from './support/builders.ts';
import { freePort } from './support/free-port.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const { apiKey, apiSecret } = testConfig().livekit;
const STALL_MS = 5_000;

// OBS publishing through the API's /whip/{mint} to the embedded media server, whose webhooks come back to the
// API: the whole path a vanished publisher takes to "offline". The media server's clock is the test's; the
// host grace is a minute, so only the ingest's own departure can take the stream offline here.
let media: MediaServer;
let t: TestApp;
let base: string;
let creator: SignedIn;
let now = 0;
const publishers: WeriftWhipPublisher[] = [];

beforeAll(async () => {
  const mediaPort = await freePort();
  const internal = `http://127.0.0.1:${mediaPort}`;
  t = await createTestApp({
    liveHostGraceMs: 60_000,
    livekit: { url: 'ws://localhost:3000', apiUrl: internal, proxyTarget: internal, apiKey, apiSecret },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  media = await startMediaServer({
    port: mediaPort,
    host: '127.0.0.1',
    keys: { [apiKey]: apiSecret },
    webhookUrl: `${base}/api/live/webhook`,
    logLevel: 'silent',
    whip: { clock: () => now, stallTimeoutMs: STALL_MS, checkIntervalMs: 20 },
  });
  creator = await signIn(t.app);
});
afterAll(async () => {
  for (const p of publishers) p.close();
  await media?.close();
  await t?.close();
});

const live = async (mint: string) => (await t.app.ctx.streams.get(mint)).is_currently_live;

describe(`an OBS publisher that vanishes (${databaseKind()})`, () => {
  it('is shown offline once its media stops, without DELETE and without the host grace; the key works again', async () => {
    const mint = (
      await createStream(t.database.db, { creator_address: creator.address, is_currently_live: false })
    ).mint;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${mint}/ingest/key`,
      headers: creator.headers,
    });
    const { streamKey } = ZIngestKey.parse(res.json());
    const obs = new WeriftWhipPublisher(`${base}/whip/${mint}`, streamKey);
    publishers.push(obs);
    expect(await obs.post()).toBe(201);
    await obs.connect();
    await waitFor(() => live(mint), 'the stream live once media arrives');

    obs.stopSending(); // OBS crashed: no DELETE, and its connection is not closed either
    await waitFor(async () => {
      now += STALL_MS;
      return !(await live(mint));
    }, 'the stream offline');

    const again = new WeriftWhipPublisher(`${base}/whip/${mint}`, streamKey);
    publishers.push(again);
    expect(await again.post()).toBe(201);
  });
});

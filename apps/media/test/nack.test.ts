/**
 * Retransmission on NACK, end to end: a werift publisher sends VP8-shaped RTP through the SFU to a werift
 * viewer that throws away 10 % of what arrives; the viewer's NACKs must bring the missing packets back
 * from the SFU's send history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaServer, startMediaServer } from '../src/index.ts';
import { joinToken, KEYS } from './helpers/tokens.ts';
import { WeriftPublisher } from './helpers/werift-publisher.ts';
import { WeriftViewer } from './helpers/werift-viewer.ts';

let media: MediaServer;
let publisher: WeriftPublisher | undefined;
let viewer: WeriftViewer | undefined;

beforeAll(async () => {
  media = await startMediaServer({ port: 0, host: '127.0.0.1', keys: KEYS, logLevel: 'error' });
});
afterAll(async () => {
  publisher?.close();
  await viewer?.close().catch(() => undefined);
  await media?.close();
});

describe('NACK', () => {
  it('packets a viewer lost are retransmitted by the SFU', async () => {
    publisher = new WeriftPublisher(
      media.url,
      await joinToken('host', 'nack', { canPublish: true }, { metadata: '{"role":"host"}' }),
    );
    await publisher.start(1_000);
    viewer = new WeriftViewer(media.url, await joinToken('viewer', 'nack', { canPublish: false }), {
      dropIncomingPercent: 10,
    });
    await viewer.connect();
    const v = viewer;
    await expect.poll(() => v.stats().received, { timeout: 15_000, interval: 200 }).toBeGreaterThan(100);
    const a = v.stats();
    await new Promise((r) => setTimeout(r, 4_000));
    const b = v.stats();
    const expected = b.expected - a.expected;
    const received = b.received - a.received;
    expect(expected).toBeGreaterThan(300);
    // Without retransmission about 90 % would arrive; the last few packets may still be on their way.
    expect(received / expected).toBeGreaterThan(0.97);
  }, 40_000);
});

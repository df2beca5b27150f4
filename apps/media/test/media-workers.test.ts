/**
 * Media on every core (decision 018): with MEDIA_WORKERS=2 the subscribers' SRTP encryption and UDP sends
 * happen in two worker processes, a new subscriber going to the least-loaded one. Two viewers of one
 * publisher must each be served by a different worker, and both must get the stream whole (werift decrypts
 * what the workers encrypted, on the socket ICE nominated).
 */
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MediaServer, startMediaServer } from '../src/index.ts';
import { joinToken, KEYS } from './helpers/tokens.ts';
import { WeriftPublisher } from './helpers/werift-publisher.ts';
import { WeriftViewer } from './helpers/werift-viewer.ts';

let media: MediaServer;
let publisher: WeriftPublisher | undefined;
const viewers: WeriftViewer[] = [];

beforeAll(async () => {
  media = await startMediaServer({
    port: 0,
    host: '127.0.0.1',
    keys: KEYS,
    logLevel: 'error',
    mediaWorkers: 2,
  });
});
afterAll(async () => {
  publisher?.close();
  for (const v of viewers) await v.close().catch(() => undefined);
  await media?.close();
});

/** Packets each worker sent, by worker index, and the packets the server counted as forwarded. */
const workerCounts = async () => {
  const text = await (await fetch(`${media.url.replace(/^ws/, 'http')}/metrics`)).text();
  const sent = [0, 1].map((i) =>
    Number(
      new RegExp(`^media_worker_sent_packets_total\\{worker="${i}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0,
    ),
  );
  const forwarded = Number(/^media_forwarded_packets_total (\d+)$/m.exec(text)?.[1] ?? 0);
  return { sent, forwarded, workers: Number(/^media_workers (\d+)$/m.exec(text)?.[1] ?? 0) };
};

it('two viewers are served by two worker processes and both get every packet', async () => {
  const room = 'workers';
  publisher = new WeriftPublisher(
    media.url,
    await joinToken('host-workers', room, { canPublish: true }, { metadata: '{"role":"host"}' }),
  );
  await publisher.start(1_000);
  for (const name of ['a', 'b']) {
    const viewer = new WeriftViewer(
      media.url,
      await joinToken(`viewer-${name}`, room, { canPublish: false }),
      {
        rtx: true,
      },
    );
    viewers.push(viewer);
    await viewer.connect();
  }
  for (const v of viewers)
    await expect.poll(() => v.stats().received, { timeout: 15_000, interval: 200 }).toBeGreaterThan(100);
  const before = viewers.map((v) => v.stats());
  // A window of at least 200 more numbered packets at each viewer, counted rather than timed.
  for (const [i, v] of viewers.entries())
    await expect
      .poll(() => v.stats().expected - (before[i]?.expected ?? 0), { timeout: 30_000, interval: 200 })
      .toBeGreaterThan(200);
  viewers.forEach((v, i) => {
    const a = before[i] as { expected: number; received: number };
    const b = v.stats();
    expect(b.expected - a.expected).toBeGreaterThan(200);
    expect((b.received - a.received) / (b.expected - a.expected)).toBeGreaterThan(0.99);
  });
  // Workers report their counts once a second; each sent one viewer's share.
  await expect
    .poll(async () => (await workerCounts()).sent.every((n) => n > 200), { timeout: 5_000, interval: 250 })
    .toBe(true);
  const counts = await workerCounts();
  expect(counts.workers).toBe(2);
  // Everything forwarded went out through a worker (the last second's reports may still be on their way).
  expect((counts.sent[0] ?? 0) + (counts.sent[1] ?? 0)).toBeGreaterThan(counts.forwarded * 0.6);
}, 60_000);

it('a viewer reachable only over ICE-TCP gets the stream too (its packets stay on the main thread)', async () => {
  // The first test's publisher is still sending into room "workers".
  const viewer = new WeriftViewer(
    media.url,
    await joinToken('viewer-tcp', 'workers', { canPublish: false }),
    {
      tcpOnly: true,
    },
  );
  viewers.push(viewer);
  await viewer.connect();
  await expect.poll(() => viewer.stats().received, { timeout: 20_000, interval: 200 }).toBeGreaterThan(100);
  expect(viewer.nominatedTransport()).toBe('tcp');
  const before = viewer.stats();
  await expect
    .poll(() => viewer.stats().expected - before.expected, { timeout: 30_000, interval: 200 })
    .toBeGreaterThan(200);
  const after = viewer.stats();
  expect((after.received - before.received) / (after.expected - before.expected)).toBeGreaterThan(0.99);
}, 60_000);

it('without MEDIA_WORKERS a media server runs one send worker per CPU', async () => {
  const defaults = await startMediaServer({ port: 0, host: '127.0.0.1', keys: KEYS, logLevel: 'error' });
  try {
    const text = await (await fetch(`${defaults.url.replace(/^ws/, 'http')}/metrics`)).text();
    const workers = /^media_workers (\d+)$/m.exec(text)?.[1];
    // One CPU: nothing to spread over, forwarding stays in the server's thread (no pool, no gauge).
    expect(workers === undefined ? 1 : Number(workers)).toBe(availableParallelism());
  } finally {
    await defaults.close();
  }
});

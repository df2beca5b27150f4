/**
 * Media on every core (decision 018): with MEDIA_WORKERS=2 the subscribers' SRTP encryption and UDP sends
 * happen on two send workers: the native addon's send threads (decision 019), or, on Node's path, two worker
 * processes. The viewers of two rooms must each be served by a different worker, and both must get the stream
 * whole (werift decrypts what the workers encrypted, on the socket ICE nominated).
 *
 * The cipher and send are the native addon's unless MEDIA_NATIVE_SRTP=off (run the file both ways); the
 * JavaScript path is checked here too, with workers and without.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MediaServer, startMediaServer } from '../src/index.ts';
import { useMediaServer } from './helpers/media-server.ts';
import { joinToken, KEYS } from './helpers/tokens.ts';
import { WeriftPublisher } from './helpers/werift-publisher.ts';
import { WeriftViewer } from './helpers/werift-viewer.ts';

/** What the servers of this file run unless a test asks otherwise: the addon, unless switched off. */
const NATIVE = process.env.MEDIA_NATIVE_SRTP !== 'off';

const publishers: WeriftPublisher[] = [];
const viewers: WeriftViewer[] = [];
/** The addon's send threads (mc-send-N) in this process, which runs the servers. */
const sendThreads = () =>
  readdirSync('/proc/self/task').filter((tid) => {
    try {
      return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith('mc-send-');
    } catch {
      return false; // the thread ended while listed
    }
  }).length;
let threadsBefore = 0;
let threadsStarted = 0;

// Before hooks run in order: the threads are counted on each side of the server's start.
beforeAll(() => {
  threadsBefore = sendThreads();
});
const media = useMediaServer({ mediaWorkers: 2 });
beforeAll(() => {
  threadsStarted = sendThreads() - threadsBefore;
});
afterAll(async () => {
  for (const p of publishers) p.close();
  for (const v of viewers) await v.close().catch(() => undefined);
});

/** Packets each worker sent, by worker index, and the packets the server counted as forwarded. */
const workerCounts = async (server: MediaServer = media.server) => {
  const text = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text();
  const sent = [0, 1].map((i) =>
    Number(
      new RegExp(`^media_worker_sent_packets_total\\{worker="${i}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0,
    ),
  );
  const batches = [0, 1].map((i) =>
    Number(new RegExp(`^media_worker_batches_total\\{worker="${i}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0),
  );
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    sent,
    batches,
    forwarded: read('media_forwarded_packets_total'),
    workers: read('media_workers'),
    srtpNative: read('media_srtp_native'),
    inlineSent: read('media_inline_sent_packets_total'),
  };
};

/** Over the next 200 sequence numbers the viewer expects, it receives more than 99 % of them. */
const expectEveryPacket = async (viewer: WeriftViewer) => {
  const before = viewer.stats();
  await expect
    .poll(() => viewer.stats().expected - before.expected, { timeout: 30_000, interval: 200 })
    .toBeGreaterThan(200);
  const after = viewer.stats();
  expect((after.received - before.received) / (after.expected - before.expected)).toBeGreaterThan(0.99);
};

/**
 * A publisher and a viewer in `room` of `server`; resolves once the viewer got > 99 % of a window of at least
 * 200 more numbered packets (counted, not timed).
 */
const servedWhole = async (server: MediaServer, room: string) => {
  const publisher = new WeriftPublisher(
    server.url,
    await joinToken(`host-${room}`, room, { canPublish: true }, { metadata: '{"role":"host"}' }),
  );
  publishers.push(publisher);
  await publisher.start(1_000);
  const viewer = new WeriftViewer(server.url, await joinToken(`viewer-${room}`, room, { canPublish: false }));
  viewers.push(viewer);
  await viewer.connect();
  await expect.poll(() => viewer.stats().received, { timeout: 15_000, interval: 200 }).toBeGreaterThan(100);
  await expectEveryPacket(viewer);
};

it('the viewers of two rooms are served by two send workers and both get every packet', async () => {
  // With the addon the workers are two threads of the server's process; on Node's path, two processes.
  expect(threadsStarted).toBe(NATIVE ? 2 : 0);
  const rooms = ['workers', 'workers-b'];
  for (const room of rooms) {
    const publisher = new WeriftPublisher(
      media.url,
      await joinToken(`host-${room}`, room, { canPublish: true }, { metadata: '{"role":"host"}' }),
    );
    publishers.push(publisher);
    await publisher.start(1_000);
  }
  for (const room of rooms) {
    const viewer = new WeriftViewer(
      media.url,
      await joinToken(`viewer-${room}`, room, { canPublish: false }),
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
  // Worker processes report their counts once a second (threads at once); each sent one viewer's share.
  await expect
    .poll(async () => (await workerCounts()).sent.every((n) => n > 200), { timeout: 5_000, interval: 250 })
    .toBe(true);
  const counts = await workerCounts();
  expect(counts.workers).toBe(2);
  expect(counts.srtpNative).toBe(NATIVE ? 1 : 0);
  // Each worker was fed in batches (media_worker_batches_total, packets per wake-up in production).
  for (const b of counts.batches) expect(b).toBeGreaterThan(0);
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
  await expectEveryPacket(viewer);
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

it("with nativeSrtp: false the workers encrypt with Node's createCipheriv, and a viewer still gets every packet", async () => {
  const js = await startMediaServer({
    port: 0,
    host: '127.0.0.1',
    keys: KEYS,
    logLevel: 'error',
    mediaWorkers: 2,
    nativeSrtp: false,
  });
  try {
    await servedWhole(js, 'workers-js');
    await expect
      .poll(async () => (await workerCounts(js)).sent.some((n) => n > 200), { timeout: 5_000, interval: 250 })
      .toBe(true);
    expect((await workerCounts(js)).srtpNative).toBe(0);
  } finally {
    await js.close();
  }
}, 60_000);

it("without workers the SFU process encrypts and sends through the addon itself (Node's path when off)", async () => {
  const single = await startMediaServer({
    port: 0,
    host: '127.0.0.1',
    keys: KEYS,
    logLevel: 'error',
    mediaWorkers: 1,
  });
  try {
    await servedWhole(single, 'single');
    const counts = await workerCounts(single);
    expect(counts.workers).toBe(0);
    expect(counts.srtpNative).toBe(NATIVE ? 1 : 0);
    // Everything forwarded went out through the addon in this process, or none of it did.
    if (NATIVE) expect(counts.inlineSent).toBeGreaterThanOrEqual(counts.forwarded * 0.9);
    else expect(counts.inlineSent).toBe(0);
  } finally {
    await single.close();
  }
}, 60_000);

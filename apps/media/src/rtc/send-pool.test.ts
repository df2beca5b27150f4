import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { SendPool } from './send-pool.ts';

let pool: SendPool;
beforeAll(async () => {
  const started = await SendPool.start(2, createLogger('error'));
  if (!started) throw new Error('no pool');
  pool = started;
});
afterAll(() => pool?.close());

const bind = async (): Promise<Socket> => {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  return s;
};

describe('which worker a subscriber gets', () => {
  it("keeps a small room's subscribers on one worker and puts the next room on the other", () => {
    const small = Array.from({ length: 5 }, () => pool.lane('small'));
    const other = pool.lane('other');
    const workers = new Set(small.map((l) => l?.worker.index));
    expect(workers.size).toBe(1);
    expect(other?.worker.index).not.toBe(small[0]?.worker.index);
    for (const l of [...small, other]) l?.release();
  });

  it('spreads a large room over both workers, within the affinity slack', () => {
    const lanes = Array.from({ length: 200 }, () => pool.lane('large'));
    const per = [0, 1].map((i) => lanes.filter((l) => l?.worker.index === i).length);
    expect(per[0]).toBeGreaterThan(60);
    expect(per[1]).toBeGreaterThan(60);
    expect(Math.abs((per[0] ?? 0) - (per[1] ?? 0))).toBeLessThanOrEqual(33);
    for (const l of lanes) l?.release();
  });

  it('forgets a room once its subscribers left', () => {
    const first = Array.from({ length: 3 }, () => pool.lane('gone'));
    for (const l of first) l?.release();
    const busy = pool.lane('busy');
    // 'gone' has no subscribers left: its next one goes to the least-loaded worker, not to its old one.
    const again = pool.lane('gone');
    expect(again?.worker.index).not.toBe(busy?.worker.index);
    busy?.release();
    again?.release();
  });
});

it('sends every packet received in one turn of the event loop to a worker in one message', async () => {
  const publisher = await bind();
  const relay = await bind();
  const viewerSocket = await bind();
  const viewer = await bind();
  const lane = pool.lane('batching');
  if (!lane) throw new Error('no lane');
  const slot = lane.slot();
  lane.configure(slot, {
    socket: viewerSocket,
    host: '127.0.0.1',
    port: viewer.address().port,
    key: randomBytes(16),
    salt: randomBytes(12),
    ssrc: 1,
    header: Buffer.from([0x80, 96, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
    absOffset: -1,
  });
  const received: Buffer[] = [];
  viewer.on('message', (m) => received.push(m));
  const batchesBefore = pool.stats()[lane.worker.index]?.batches ?? 0;
  // Each datagram is its own callback (and microtask checkpoint), as the publisher's packets are in the SFU.
  let seq = 0;
  relay.on('message', (payload) => {
    lane.push(slot, false, seq++, 0, 0, 0, payload);
  });
  for (let i = 0; i < 3; i++) publisher.send(Buffer.alloc(100, i), relay.address().port, '127.0.0.1');
  await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
  expect((pool.stats()[lane.worker.index]?.batches ?? 0) - batchesBefore).toBe(1);
  // Header (12 bytes) + the 100-byte payload encrypted + the 16-byte GCM tag, numbered in order.
  expect(received.map((m) => m.length)).toEqual([128, 128, 128]);
  expect(received.map((m) => m.readUInt16BE(2))).toEqual([0, 1, 2]);
  lane.releaseSlot(slot);
  lane.release();
  for (const s of [publisher, relay, viewerSocket, viewer]) s.close();
});

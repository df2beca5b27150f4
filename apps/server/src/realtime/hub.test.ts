import type { TRealtimeEvent } from '@mintcast/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createHub, type Hub } from './hub.ts';

/**
 * A socket whose writes stay buffered (counted in `bufferedAmount`, as in `ws`) until the test completes
 * them: a viewer whose kernel buffer is full because it reads slowly.
 */
const fakeSocket = () => {
  const writes: { data: Buffer; done: () => void }[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    terminated: false,
    send(data: Buffer, _opts: unknown, done: () => void) {
      socket.bufferedAmount += data.length;
      writes.push({
        data,
        done: () => {
          socket.bufferedAmount -= data.length;
          done();
        },
      });
    },
    terminate() {
      socket.terminated = true;
      socket.readyState = 3;
    },
    close() {},
    ping() {},
  };
  return { socket, writes, ws: socket as unknown as WebSocket };
};

const turn = () => new Promise((resolve) => setImmediate(resolve));
const event = (channel: string, n: number): TRealtimeEvent => ({ type: 'presence', channel, online: n });
const decoded = (data: Buffer) => JSON.parse(data.toString());

let hub: Hub;
afterEach(() => hub?.close());

describe('realtime hub: no new write to a backed-up socket (issue 36)', () => {
  it('keeps a lagging socket’s events queued as shared frames, then sends them as one frame', async () => {
    hub = createHub({
      heartbeatMs: 60_000,
      maxBufferedBytes: 1024 * 1024,
      maxSubscriptions: 10,
      coalesceMs: 0,
    });
    const slow = fakeSocket();
    const fast = fakeSocket();
    const slowClient = hub.attach(slow.ws);
    const fastClient = hub.attach(fast.ws);
    hub.subscribe(slowClient, 'c');
    hub.subscribe(fastClient, 'c');

    hub.deliver('c', event('c', 1));
    await turn();
    expect(slow.writes).toHaveLength(1);
    fast.writes[0]?.done();

    // The slow viewer's first write is still buffered: nothing more is handed to its socket.
    for (let n = 2; n <= 5; n++) {
      hub.deliver('c', event('c', n));
      await turn();
      fast.writes.at(-1)?.done();
    }
    expect(slow.writes).toHaveLength(1);
    expect(fast.writes).toHaveLength(5);
    // What waits is the very frames every subscriber got, not copies.
    expect(slowClient.outbox).toHaveLength(4);
    expect(slowClient.outbox[0]).toBe(fast.writes[1]?.data);

    slow.writes[0]?.done();
    expect(slow.writes).toHaveLength(2);
    expect(decoded(slow.writes[1]!.data).map((e: { online: number }) => e.online)).toEqual([2, 3, 4, 5]);
    expect(slowClient.outbox).toHaveLength(0);
  });

  it('cuts off a socket whose queue passes the cap while its write is stuck', async () => {
    hub = createHub({ heartbeatMs: 60_000, maxBufferedBytes: 1024, maxSubscriptions: 10, coalesceMs: 0 });
    const stuck = fakeSocket();
    const client = hub.attach(stuck.ws);
    hub.subscribe(client, 'c');
    for (let n = 0; n < 100 && !stuck.socket.terminated; n++) {
      hub.deliver('c', event('c', n));
      await turn();
    }
    expect(stuck.socket.terminated).toBe(true);
    expect(stuck.writes).toHaveLength(1);
    expect(hub.stats.droppedSlow).toBe(1);
  });

  it('keeps writing to a socket whose writes reach the kernel at once, however many are due in one turn', async () => {
    hub = createHub({ heartbeatMs: 60_000, maxBufferedBytes: 4096, maxSubscriptions: 10, coalesceMs: 0 });
    const quick = fakeSocket();
    // Its writes complete at once (bufferedAmount back to 0), their callbacks later, as net's do.
    quick.socket.send = (data: Buffer, _opts: unknown, done: () => void) => {
      quick.writes.push({ data, done });
    };
    const client = hub.attach(quick.ws);
    hub.subscribe(client, 'c');
    const big = { type: 'presence', channel: 'c', online: 1, pad: 'x'.repeat(20_000) } as TRealtimeEvent;
    for (let n = 0; n < 5; n++) hub.deliver('c', big);
    expect(quick.socket.terminated).toBe(false);
    expect(quick.writes).toHaveLength(5);
  });

  it('sends a direct reply after the events queued before it, in one frame while the socket is backed up', async () => {
    hub = createHub({
      heartbeatMs: 60_000,
      maxBufferedBytes: 1024 * 1024,
      maxSubscriptions: 10,
      coalesceMs: 0,
    });
    const s = fakeSocket();
    const client = hub.attach(s.ws);
    hub.subscribe(client, 'c');
    hub.deliver('c', event('c', 1));
    await turn();
    hub.deliver('c', event('c', 2));
    hub.send(client, { type: 'pong' });
    expect(s.writes).toHaveLength(1);
    s.writes[0]?.done();
    expect(decoded(s.writes[1]!.data)).toEqual([event('c', 2), { type: 'pong' }]);
  });
});

import type { TRealtimeEvent } from '@mintcast/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChannelStatus, createRealtimeClient } from './realtime-client.ts';

/** A WebSocket the test drives: it opens, receives frames and closes when told. */
class FakeSocket {
  static readonly OPEN = 1;
  static readonly all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((msg: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const CHANNEL = `stream_status_0x${'ab'.repeat(20)}`;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.all.length = 0;
});

describe('realtime client', () => {
  it('handles the frames and the close of a socket in arrival order, also while the event schema loads', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const client = createRealtimeClient(() => 'ws://test/api/realtime');
    const seen: string[] = [];
    const stop = client.subscribe(CHANNEL, {
      onEvent: (e: TRealtimeEvent) => seen.push(`event ${e.type}`),
      onStatus: (s: ChannelStatus) => seen.push(`status ${s}`),
    });
    const socket = FakeSocket.all[0];
    if (!socket) throw new Error('no socket opened');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe', channel: CHANNEL }]);
    // Delivered at once, before the schema's module can have loaded on a first connection.
    socket.receive({ type: 'subscribed', channel: CHANNEL, online: 1 });
    socket.receive([
      { type: 'stream_status', channel: CHANNEL, mint: `0x${'ab'.repeat(20)}`, live: true, viewers: 3 },
      { type: 'a_newer_event', channel: CHANNEL },
    ]);
    socket.close();
    await vi.waitFor(() => expect(seen).toContain('status reconnecting'), { timeout: 10_000 });
    expect(seen).toEqual([
      'status connecting',
      'status open',
      'event subscribed',
      'event stream_status',
      'status reconnecting',
    ]);
    stop();
  });
});

import { REALTIME_CLOSE } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectRealtime, eventually } from './support/multi-instance.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/** What one address may hold open at once: realtime sockets (1,000 from one address were accepted). */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({}, { clientCaps: { socketsPerAddress: 3 } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** Open a socket and report how the server ends it: 'open' if it answers a ping, else the close code and reason. */
const connectOnce = (url: string) =>
  new Promise<{ code: number; reason: string } | 'open'>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('error', reject);
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.once('open', () => ws.send(JSON.stringify({ type: 'ping', id: 'p' })));
    ws.once('message', () => {
      ws.close();
      resolve('open');
    });
  });

describe(`per-address caps (${databaseKind()})`, () => {
  it('closes a realtime socket past the cap with 4004 and a clear reason; a freed slot can be used again', async () => {
    const url = `${origin.replace('http', 'ws')}/api/realtime`;
    const held = await Promise.all([1, 2, 3].map(() => connectRealtime(url)));
    for (const c of held) {
      c.send({ type: 'ping', id: 'x' });
      await c.waitFor((e) => e.type === 'pong');
    }
    expect(await connectOnce(url)).toEqual({
      code: REALTIME_CLOSE.tooManyConnections,
      reason: 'Too many connections from your address',
    });
    held[0]?.ws.close();
    await held[0]?.closed;
    // The server sees the close a moment after the client: retry until the freed slot is taken.
    await eventually(async () => (await connectOnce(url)) === 'open');
    for (const c of held.slice(1)) c.ws.close();
  });
});

import { DisconnectReason } from '@livekit/protocol';
import { describe, expect, it } from 'vitest';
import { startMediaServer } from '../src/index.ts';
import { connectSignal } from './helpers/signal-client.ts';
import { joinToken, KEYS } from './helpers/tokens.ts';

/** Host candidates from the subscriber offer SDP and the trickled candidates. */
function candidates(c: Awaited<ReturnType<typeof connectSignal>>): string[] {
  const out: string[] = [];
  for (const m of c.messages) {
    if (m.case === 'offer')
      out.push(...m.value.sdp.split(/\r?\n/).filter((l) => l.startsWith('a=candidate:')));
    if (m.case === 'trickle') out.push(JSON.parse(m.value.candidateInit).candidate as string);
  }
  return out;
}

describe('operability', () => {
  it('uses the configured UDP port range, public IP and ICE servers', async () => {
    const media = await startMediaServer({
      port: 0,
      host: '127.0.0.1',
      keys: KEYS,
      logLevel: 'error',
      udpPortRange: { min: 41000, max: 41999 },
      publicIp: '203.0.113.7',
      iceServers: [{ urls: ['turn:turn.example.com:3478'], username: 'u', credential: 'p' }],
    });
    try {
      const c = await connectSignal(media.url, await joinToken('ops', 'ops-room'));
      const join = await c.next('join');
      expect(join.iceServers).toEqual([
        expect.objectContaining({ urls: ['turn:turn.example.com:3478'], username: 'u', credential: 'p' }),
      ]);
      await c.next('offer');
      await expect
        .poll(() => candidates(c).some((l) => l.includes('203.0.113.7')), { timeout: 5_000 })
        .toBe(true);
      // ICE-TCP: a passive candidate (the browser connects to it) from the same range.
      await expect
        .poll(() => candidates(c).some((l) => / tcp .* typ host tcptype passive/.test(l)), { timeout: 5_000 })
        .toBe(true);
      // An active TCP candidate only dials out and names the discard port 9 (RFC 6544).
      for (const line of candidates(c).filter((l) => !l.includes('tcptype active'))) {
        const port = Number(line.split(' ')[5]);
        expect(port).toBeGreaterThanOrEqual(41000);
        expect(port).toBeLessThanOrEqual(41999);
      }
      c.close();
    } finally {
      await media.close();
    }
  });

  it('tells every participant SERVER_SHUTDOWN on close', async () => {
    const media = await startMediaServer({ port: 0, host: '127.0.0.1', keys: KEYS, logLevel: 'error' });
    const c = await connectSignal(media.url, await joinToken('late', 'shutdown-room'));
    await c.next('join');
    await media.close();
    expect((await c.next('leave')).reason).toBe(DisconnectReason.SERVER_SHUTDOWN);
    await expect.poll(() => c.closed).toBe(true);
  });
});

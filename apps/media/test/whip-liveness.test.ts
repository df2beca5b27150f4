import { DisconnectReason } from '@livekit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WhipLivenessTracker } from '../src/whip/whip-liveness.ts';
import { useMediaServer } from './helpers/media-server.ts';
import { joinToken } from './helpers/tokens.ts';
import { waitFor } from './helpers/wait.ts';
import { WeriftWhipPublisher } from './helpers/werift-whip.ts';

const CONNECT_MS = 30_000;
const STALL_MS = 5_000;

describe('WhipLivenessTracker', () => {
  const tracker = () => {
    let now = 1_000;
    const t = new WhipLivenessTracker({
      connectTimeoutMs: CONNECT_MS,
      stallTimeoutMs: STALL_MS,
      checkIntervalMs: 1_000,
      clock: () => now,
    });
    return { t, at: (ms: number) => (now = 1_000 + ms) };
  };

  it('gives a session that never carries a packet the connect timeout, not the stall timeout', () => {
    const { t, at } = tracker();
    at(STALL_MS * 2);
    expect(t.expired()).toBeNull();
    expect(t.flowing()).toBe(false);
    at(CONNECT_MS - 1);
    expect(t.expired()).toBeNull();
    at(CONNECT_MS);
    expect(t.expired()).toBe('connect_timeout');
  });

  it('is flowing while packets arrive and stalled once they stop for the stall timeout', () => {
    const { t, at } = tracker();
    at(100);
    t.packet();
    expect(t.flowing()).toBe(true);
    at(100 + STALL_MS - 1);
    expect(t.expired()).toBeNull();
    t.packet();
    at(100 + STALL_MS + 10);
    // The packet counted since the last look keeps it alive.
    expect(t.expired()).toBeNull();
    expect(t.flowing()).toBe(true);
    at(100 + 2 * STALL_MS + 10);
    expect(t.flowing()).toBe(false);
    expect(t.expired()).toBe('stalled');
  });
});

// A publisher that vanishes without DELETE: before ICE completes (the answer never reached it), or after its
// media flowed (OBS crashed, the network went). The clock is the test's: it moves only when the test says.
describe('WHIP sessions that carry no media', { timeout: 60_000 }, () => {
  const ROOM = 'stream-whip-liveness';
  const HOST = '0xhost';
  let now = 0;
  const media = useMediaServer({
    webhooks: true,
    logLevel: 'warn',
    whip: { clock: () => now, checkIntervalMs: 20 },
  });
  const publishers: WeriftWhipPublisher[] = [];
  const publisher = async () => {
    const token = await joinToken(
      HOST,
      ROOM,
      { canPublish: true, canPublishData: false },
      { metadata: '{"role":"host","ingest":"whip"}' },
    );
    const p = new WeriftWhipPublisher(`${media.http}/whip`, token);
    publishers.push(p);
    return p;
  };
  const events = (name: string, from = 0) =>
    media.hooks.events.slice(from).filter((e) => e.event === name && e.participant?.identity === HOST);

  afterEach(async () => {
    for (const p of publishers.splice(0)) {
      if (p.location) await p.delete().catch(() => undefined);
      p.close();
    }
  });

  it('ends a half-open session after the connect timeout; the next offer is answered', async () => {
    const halfOpen = await publisher();
    expect(await halfOpen.post()).toBe(201);
    const mark = media.hooks.events.length;
    now += CONNECT_MS;
    const left = await waitFor(
      () => events('participant_left', mark)[0],
      'participant_left of the half-open session',
    );
    expect(left.participant?.disconnectReason).toBe(DisconnectReason.CONNECTION_TIMEOUT);
    expect(await halfOpen.delete()).toBe(404);
    const next = await publisher();
    expect(await next.post()).toBe(201);
  });

  it('a new offer replaces a session that carries no media, but not one that does', async () => {
    const stale = await publisher();
    expect(await stale.post()).toBe(201);
    // No time passes: the stale session has not timed out, it is replaced.
    const fresh = await publisher();
    expect(await fresh.post()).toBe(201);
    expect(await stale.delete()).toBe(404);

    const mark = media.hooks.events.length;
    await fresh.connect();
    await waitFor(() => events('participant_joined', mark)[0], 'participant_joined once media flows');
    const third = await publisher();
    expect(await third.post()).toBe(409);
    expect(await fresh.delete()).toBe(200);
  });

  it('ends a session whose media stops (participant_left) and takes the next offer', async () => {
    const obs = await publisher();
    expect(await obs.post()).toBe(201);
    const mark = media.hooks.events.length;
    await obs.connect();
    await waitFor(() => events('participant_joined', mark)[0], 'participant_joined once media flows');
    obs.stopSending(); // the encoder is gone; the connection (and ICE consent) is not
    // Each poll moves the clock a stall timeout on: packets still in flight when it stopped count once, then
    // the next look finds none.
    const left = await waitFor(() => {
      now += STALL_MS;
      return events('participant_left', mark)[0];
    }, 'participant_left of the stalled session');
    expect(left.participant?.disconnectReason).toBe(DisconnectReason.CONNECTION_TIMEOUT);
    expect(await obs.delete()).toBe(404);
    const next = await publisher();
    expect(await next.post()).toBe(201);
  });
});

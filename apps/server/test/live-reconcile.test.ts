import { LIVE_HOST_ROLE, LIVE_VIEWER_ROLE, roomNameForMint, whipHostMetadata } from '@mintcast/contracts';
import { type MediaServer, startMediaServer } from '@mintcast/media';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSignal, type SignalClient } from '../../media/test/helpers/signal-client.ts';
import { WeriftWhipPublisher } from '../../media/test/helpers/werift-whip.ts';
import { createLiveRepository } from '../src/live/live.repository.ts';
import { createLiveReconcile } from '../src/live/live-reconcile.ts';
import { createMediaGateway } from '../src/live/media-gateway.ts';
import { createStreamsRepository } from '../src/streams/streams.repository.ts';
import { createStreamsService } from '../src/streams/streams.service.ts';
import { createStream } from './support/builders.ts';
import { databaseKind, openTestDatabase } from './support/test-database.ts';

const GRACE_MS = 15_000;
const keys = { apiKey: 'reconcile-key', apiSecret: 'reconcile-secret-0123456789abcdef0123' };

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let media: MediaServer;
const clients: SignalClient[] = [];
const halfOpen: WeriftWhipPublisher[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  // No webhook URL: every webhook is "lost", as while the API was down.
  media = await startMediaServer({
    port: 0,
    host: '127.0.0.1',
    keys: { [keys.apiKey]: keys.apiSecret },
    logLevel: 'silent',
  });
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const p of halfOpen) p.close();
  await media?.close();
  await database?.close();
});

const setup = () => {
  let clock = 1_000_000;
  const repo = createLiveRepository(database.db);
  const streams = createStreamsService(createStreamsRepository(database.db));
  const reconcile = createLiveReconcile({
    gateway: createMediaGateway({ url: media.url, ...keys }),
    repo,
    streams,
    hostGraceMs: GRACE_MS,
    now: () => clock,
  });
  return {
    reconcile,
    repo,
    streams,
    advance: (ms: number) => {
      clock += ms;
    },
  };
};

/** A participant in the stream's media room, joined with the token metadata the API gives it. */
const join = async (mint: string, identity: string, role: string) => {
  const at = new AccessToken(keys.apiKey, keys.apiSecret, { identity, metadata: JSON.stringify({ role }) });
  at.addGrant({ room: roomNameForMint(mint), roomJoin: true, canSubscribe: true });
  const client = await connectSignal(media.url, await at.toJwt());
  await client.next('join');
  clients.push(client);
  return client;
};

const record = async (mint: string) =>
  database.db
    .selectFrom('streams')
    .select(['is_currently_live', 'num_participants'])
    .where('mint', '=', mint)
    .executeTakeFirstOrThrow();

describe(`live reconciliation with the media server's rooms (${databaseKind()})`, () => {
  it('takes a live stream whose room is gone offline once the host grace has passed, and forgets stale rows', async () => {
    const { reconcile, repo, advance } = setup();
    // Live with a viewer and a host on record: the media server restarted and the webhooks never came.
    const s = await createStream(database.db, { is_currently_live: true, num_participants: 1 });
    const room = roomNameForMint(s.mint);
    await repo.addParticipant({ roomName: room, identity: '0xhost', sid: 'PA_old', role: LIVE_HOST_ROLE });
    await repo.addParticipant({ roomName: room, identity: 'viewer-1', sid: 'PA_v', role: LIVE_VIEWER_ROLE });

    await reconcile.runOnce();
    expect(await record(s.mint)).toEqual({ is_currently_live: true, num_participants: 0 });
    expect(await repo.countByRole(room)).toEqual({});
    advance(GRACE_MS - 1);
    await reconcile.runOnce();
    expect((await record(s.mint)).is_currently_live).toBe(true); // the host may still come back
    advance(1);
    await reconcile.runOnce();
    expect(await record(s.mint)).toEqual({ is_currently_live: false, num_participants: 0 });
  });

  it('keeps a stream whose host is in the room live and counts its viewers from the room', async () => {
    const { reconcile, repo, advance } = setup();
    const s = await createStream(database.db, { is_currently_live: true, num_participants: 7 });
    await join(s.mint, '0xhost-live', LIVE_HOST_ROLE);
    await join(s.mint, 'viewer-a', LIVE_VIEWER_ROLE);
    await join(s.mint, 'viewer-b', LIVE_VIEWER_ROLE);

    await reconcile.runOnce();
    expect(await record(s.mint)).toEqual({ is_currently_live: true, num_participants: 2 });
    expect(await repo.countByRole(roomNameForMint(s.mint))).toEqual({ host: 1, viewer: 2 });
    advance(GRACE_MS * 3);
    await reconcile.runOnce();
    expect((await record(s.mint)).is_currently_live).toBe(true);
  });

  it('a WHIP ingest in the room that never carried media is not a host: its stream goes offline after the grace', async () => {
    const { reconcile, advance } = setup();
    const s = await createStream(database.db, { is_currently_live: true });
    const at = new AccessToken(keys.apiKey, keys.apiSecret, {
      identity: '0xobs',
      metadata: whipHostMetadata(),
    });
    at.addGrant({ room: roomNameForMint(s.mint), roomJoin: true, canPublish: true });
    // The offer is answered and the publisher vanishes before ICE completes.
    const obs = new WeriftWhipPublisher(`${media.url.replace('ws', 'http')}/whip`, await at.toJwt());
    halfOpen.push(obs);
    expect(await obs.post()).toBe(201);
    await reconcile.runOnce();
    advance(GRACE_MS);
    await reconcile.runOnce();
    expect(await record(s.mint)).toEqual({ is_currently_live: false, num_participants: 0 });
  });

  it('a host back in the room within the grace keeps the stream live', async () => {
    const { reconcile, advance } = setup();
    const s = await createStream(database.db, { is_currently_live: true });
    await reconcile.runOnce(); // host missing: the grace starts here
    advance(GRACE_MS / 2);
    await join(s.mint, '0xhost-back', LIVE_HOST_ROLE);
    await reconcile.runOnce();
    advance(GRACE_MS);
    await reconcile.runOnce();
    expect((await record(s.mint)).is_currently_live).toBe(true);
  });

  it('never sets a stream live, and zeroes the count of an offline stream with no room', async () => {
    const { reconcile } = setup();
    const s = await createStream(database.db, { is_currently_live: false, num_participants: 4 });
    const hosted = await createStream(database.db, { is_currently_live: false });
    await join(hosted.mint, '0xhost-early', LIVE_HOST_ROLE);
    await reconcile.runOnce();
    expect(await record(s.mint)).toEqual({ is_currently_live: false, num_participants: 0 });
    expect((await record(hosted.mint)).is_currently_live).toBe(false);
  });

  it('changes nothing when the media server cannot be reached', async () => {
    const s = await createStream(database.db, { is_currently_live: true, num_participants: 3 });
    let clock = 0;
    const reconcile = createLiveReconcile({
      gateway: createMediaGateway({ url: 'ws://127.0.0.1:9', ...keys }),
      repo: createLiveRepository(database.db),
      streams: createStreamsService(createStreamsRepository(database.db)),
      hostGraceMs: 0,
      now: () => clock++,
    });
    await expect(reconcile.runOnce()).rejects.toThrow();
    expect(await record(s.mint)).toEqual({ is_currently_live: true, num_participants: 3 });
  });
});

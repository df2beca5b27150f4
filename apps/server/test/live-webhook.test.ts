import { createHash } from 'node:crypto';
import { roomNameForMint, whipHostMetadata, ZApiError, ZStreamPage } from '@mintcast/contracts';
import { AccessToken, ParticipantInfo, Room, WebhookEvent } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const GRACE_MS = 300;
const { apiKey, apiSecret } = testConfig().livekit;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ liveHostGraceMs: GRACE_MS });
});
afterAll(() => t?.close());

let sidCounter = 0;
const participant = (identity: string, role: 'host' | 'viewer', sid = `PA_${++sidCounter}`) =>
  new ParticipantInfo({ sid, identity, metadata: JSON.stringify({ role }) });

type EventName = 'room_started' | 'room_finished' | 'participant_joined' | 'participant_left';

/**
 * LiveKit's webhook message. (The SDK's subclass re-declares `event` as a class field, which resets the
 * value given to the constructor, so it is assigned afterwards.)
 */
const webhookEvent = (event: string, room: string, p?: ParticipantInfo): WebhookEvent => {
  const msg = new WebhookEvent({
    id: `EV_${Math.random().toString(36).slice(2)}`,
    createdAt: BigInt(Math.floor(Date.now() / 1000)),
    room: new Room({ sid: 'RM_1', name: room }),
    ...(p ? { participant: p } : {}),
  });
  msg.event = event as WebhookEvent['event'];
  return msg;
};

/** The body and Authorization header exactly as LiveKit (and apps/media) build them. */
const signed = async (mint: string, event: EventName, p?: ParticipantInfo, secret = apiSecret) => {
  const body = JSON.stringify(webhookEvent(event, roomNameForMint(mint), p).toJson());
  const at = new AccessToken(apiKey, secret, { ttl: '5m' });
  at.sha256 = createHash('sha256').update(body).digest('base64');
  return { body, authorization: await at.toJwt() };
};

const deliver = (msg: { body: string; authorization?: string }, contentType = 'application/webhook+json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/live/webhook',
    payload: msg.body,
    headers: {
      'content-type': contentType,
      ...(msg.authorization ? { authorization: msg.authorization } : {}),
    },
  });

const send = async (mint: string, event: EventName, p?: ParticipantInfo) => {
  const res = await deliver(await signed(mint, event, p));
  expect(res.statusCode).toBe(200);
};

const stream = (mint: string) => t.app.ctx.streams.get(mint);

/**
 * Waits until a grace period that starts now has run out and taken effect: a control stream's host leaves
 * for good and the wait ends when that stream is offline. Grace periods started earlier have run out too.
 */
const graceElapsed = async () => {
  const control = await createStream(t.database.db, { is_currently_live: true });
  const host = participant(randomAddress(), 'host');
  await send(control.mint, 'participant_joined', host);
  await send(control.mint, 'participant_left', host);
  await expect
    .poll(async () => (await stream(control.mint)).is_currently_live, {
      timeout: GRACE_MS * 10,
      interval: 50,
    })
    .toBe(false);
};

describe(`POST /api/live/webhook signature (${databaseKind()})`, () => {
  it('accepts a correctly signed webhook', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const res = await deliver(await signed(s.mint, 'participant_joined', participant('viewer-1', 'viewer')));
    expect(res.statusCode).toBe(200);
    expect((await stream(s.mint)).num_participants).toBe(1);
  });

  it('rejects a webhook signed with another secret, and changes nothing', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const forged = await signed(s.mint, 'room_finished', undefined, 'not-the-secret-0123456789abcdefgh');
    const res = await deliver(forged);
    expect(res.statusCode).toBe(401);
    expect(ZApiError.parse(res.json()).error.code).toBe('unauthorized');
    expect((await stream(s.mint)).is_currently_live).toBe(true);
  });

  it('rejects a body tampered with after signing', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const other = await createStream(t.database.db, { is_currently_live: true });
    const genuine = await signed(s.mint, 'participant_joined', participant('viewer-x', 'viewer'));
    const tampered = {
      body: genuine.body.replace(s.mint, other.mint).replace('participant_joined', 'room_finished'),
      authorization: genuine.authorization,
    };
    expect(tampered.body).not.toBe(genuine.body);
    expect((await deliver(tampered)).statusCode).toBe(401);
    // Even one extra whitespace byte changes the sha256.
    expect((await deliver({ ...genuine, body: `${genuine.body} ` })).statusCode).toBe(401);
    expect((await stream(other.mint)).is_currently_live).toBe(true);
  });

  it('rejects an unsigned webhook and one sent as plain JSON', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const msg = await signed(s.mint, 'room_finished');
    expect((await deliver({ body: msg.body })).statusCode).toBe(401);
    const asJson = await deliver(msg, 'application/json');
    expect(asJson.statusCode).toBe(415);
    expect((await stream(s.mint)).is_currently_live).toBe(true);
  });

  it('ignores rooms that are not stream rooms', async () => {
    const body = JSON.stringify(webhookEvent('room_finished', 'lobby').toJson());
    const at = new AccessToken(apiKey, apiSecret, { ttl: '5m' });
    at.sha256 = createHash('sha256').update(body).digest('base64');
    expect((await deliver({ body, authorization: await at.toJwt() })).statusCode).toBe(200);
  });
});

describe('POST /api/live/webhook under a flood', () => {
  it('refuses an address past its per-minute ceiling with 429 before checking the signature', async () => {
    const limited = await createTestApp(
      { liveHostGraceMs: GRACE_MS },
      { database: t.database, clientCaps: { webhooksPerMinute: 5 } },
    );
    try {
      const s = await createStream(t.database.db, { is_currently_live: true });
      const forged = await signed(s.mint, 'room_finished', undefined, 'not-the-secret-0123456789abcdefgh');
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/live/webhook',
          payload: forged.body,
          headers: { 'content-type': 'application/webhook+json', authorization: forged.authorization },
        });
      for (let i = 0; i < 5; i++) expect((await post()).statusCode).toBe(401);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(ZApiError.parse(refused.json()).error.code).toBe('rate_limited');
      // A genuine webhook from that address waits too: the ceiling is counted before anything is read.
      const genuine = await signed(s.mint, 'room_finished');
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/live/webhook',
        payload: genuine.body,
        headers: { 'content-type': 'application/webhook+json', authorization: genuine.authorization },
      });
      expect(res.statusCode).toBe(429);
      expect((await stream(s.mint)).is_currently_live).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe(`live flag and participant count from webhooks (${databaseKind()})`, () => {
  it('counts viewers (not the host) as they join and leave', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const host = participant(randomAddress(), 'host');
    const v1 = participant('viewer-1-aa', 'viewer');
    const v2 = participant('viewer-2-bb', 'viewer');
    await send(s.mint, 'room_started');
    await send(s.mint, 'participant_joined', host);
    expect((await stream(s.mint)).num_participants).toBe(0);
    await send(s.mint, 'participant_joined', v1);
    await send(s.mint, 'participant_joined', v2);
    expect((await stream(s.mint)).num_participants).toBe(2);
    await send(s.mint, 'participant_joined', v2); // a redelivered webhook does not double count
    expect((await stream(s.mint)).num_participants).toBe(2);
    await send(s.mint, 'participant_left', v1);
    expect(await stream(s.mint)).toMatchObject({ num_participants: 1, is_currently_live: true });
  });

  it('a WHIP ingest joining sets the stream live; a browser host joining does not', async () => {
    const obs = await createStream(t.database.db, { is_currently_live: false });
    const ingest = new ParticipantInfo({
      sid: 'PA_whip',
      identity: obs.creator_address ?? '',
      metadata: JSON.stringify({ role: 'host', ingest: 'whip' }),
    });
    await send(obs.mint, 'participant_joined', ingest);
    expect((await stream(obs.mint)).is_currently_live).toBe(true);

    const browser = await createStream(t.database.db, { is_currently_live: false });
    await send(browser.mint, 'participant_joined', participant(randomAddress(), 'host'));
    expect((await stream(browser.mint)).is_currently_live).toBe(false);
  });

  it('a late participant_left of an evicted session does not remove its successor', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const old = participant('viewer-same', 'viewer', 'PA_old');
    const fresh = participant('viewer-same', 'viewer', 'PA_new');
    await send(s.mint, 'participant_joined', old);
    await send(s.mint, 'participant_joined', fresh);
    await send(s.mint, 'participant_left', old);
    expect((await stream(s.mint)).num_participants).toBe(1);
  });

  it('takes the stream offline when the host stays away past the grace period', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const host = participant(randomAddress(), 'host');
    await send(s.mint, 'participant_joined', host);
    await send(s.mint, 'participant_joined', participant('viewer-g', 'viewer'));
    await send(s.mint, 'participant_left', host);
    expect((await stream(s.mint)).is_currently_live).toBe(true); // not yet: within the grace period
    await expect
      .poll(async () => stream(s.mint), { timeout: GRACE_MS * 10, interval: 50 })
      .toMatchObject({ is_currently_live: false, num_participants: 0 });
  });

  it('keeps the stream live when the host comes back within the grace period', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const identity = randomAddress();
    await send(s.mint, 'participant_joined', participant(identity, 'host', 'PA_h1'));
    await send(s.mint, 'participant_left', participant(identity, 'host', 'PA_h1'));
    await send(s.mint, 'participant_joined', participant(identity, 'host', 'PA_h2'));
    await graceElapsed();
    expect((await stream(s.mint)).is_currently_live).toBe(true);
  });

  it('keeps the stream live when the new session joined before the old one was reported gone', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const identity = randomAddress();
    await send(s.mint, 'participant_joined', participant(identity, 'host', 'PA_a'));
    await send(s.mint, 'participant_joined', participant(identity, 'host', 'PA_b'));
    await send(s.mint, 'participant_left', participant(identity, 'host', 'PA_a'));
    await graceElapsed();
    expect((await stream(s.mint)).is_currently_live).toBe(true);
  });

  it('takes the stream offline at once when its WHIP ingest leaves (no grace), and not while another host is in', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const obs = new ParticipantInfo({
      sid: 'PA_obs1',
      identity: randomAddress(),
      metadata: whipHostMetadata(),
    });
    await send(s.mint, 'participant_joined', obs);
    await send(s.mint, 'participant_joined', participant('viewer-w', 'viewer'));
    await send(s.mint, 'participant_left', obs);
    expect(await stream(s.mint)).toMatchObject({ is_currently_live: false, num_participants: 0 });

    const both = await createStream(t.database.db, { is_currently_live: true });
    const obs2 = new ParticipantInfo({
      sid: 'PA_obs2',
      identity: randomAddress(),
      metadata: whipHostMetadata(),
    });
    await send(both.mint, 'participant_joined', participant(randomAddress(), 'host'));
    await send(both.mint, 'participant_joined', obs2);
    await send(both.mint, 'participant_left', obs2);
    expect((await stream(both.mint)).is_currently_live).toBe(true);
  });

  it('takes the stream offline at once when the room finishes', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true, num_participants: 3 });
    await send(s.mint, 'participant_joined', participant(randomAddress(), 'host'));
    await send(s.mint, 'participant_joined', participant('viewer-f', 'viewer'));
    await send(s.mint, 'room_finished');
    expect(await stream(s.mint)).toMatchObject({ is_currently_live: false, num_participants: 0 });
    // The next room starts from an empty participant list.
    await send(s.mint, 'room_started');
    await send(s.mint, 'participant_joined', participant('viewer-n', 'viewer'));
    expect((await stream(s.mint)).num_participants).toBe(1);
  });
});

describe(`a wallet banned site-wide stays off the air (${databaseKind()})`, () => {
  const whipHost = (identity: string) =>
    new ParticipantInfo({ sid: `PA_${++sidCounter}`, identity, metadata: whipHostMetadata() });

  it('its OBS ingest joining the room does not mark the stream live; another wallet’s does', async () => {
    const banned = randomAddress();
    const mine = await createStream(t.database.db, { creator_address: banned, is_currently_live: false });
    await t.database.db
      .insertInto('platform_bans')
      .values({ address: banned, reason: 'spam', banned_by: randomAddress() })
      .execute();
    await send(mine.mint, 'participant_joined', whipHost(banned));
    expect((await stream(mine.mint)).is_currently_live).toBe(false);

    const fine = randomAddress();
    const theirs = await createStream(t.database.db, { creator_address: fine, is_currently_live: false });
    await send(theirs.mint, 'participant_joined', whipHost(fine));
    expect((await stream(theirs.mint)).is_currently_live).toBe(true);
  });
});

describe(`audience on lists: viewers from the room, time since going live (${databaseKind()})`, () => {
  const listed = async (mint: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/streams?live=true&limit=100' });
    expect(res.statusCode).toBe(200);
    return ZStreamPage.parse(res.json()).items.find((s) => s.mint === mint);
  };

  it('lists a live stream with its viewer count and the moment it went live, kept while it stays live', async () => {
    const creator = randomAddress();
    const s = await createStream(t.database.db, { creator_address: creator });
    expect((await stream(s.mint)).live_since).toBeNull();
    await t.app.ctx.streams.setLive(creator, s.mint, true);
    const since = (await stream(s.mint)).live_since;
    expect(since).not.toBeNull();
    await send(s.mint, 'participant_joined', participant(creator, 'host'));
    await send(s.mint, 'participant_joined', participant('viewer-aud-1', 'viewer'));
    await send(s.mint, 'participant_joined', participant('viewer-aud-2', 'viewer'));
    t.app.ctx.streams.invalidateCache();
    expect(await listed(s.mint)).toMatchObject({ num_participants: 2, live_since: since });
    // Setting live again (a reconnecting host) does not restart the clock.
    await t.app.ctx.streams.setLive(creator, s.mint, true);
    expect((await stream(s.mint)).live_since).toBe(since);
    await t.app.ctx.streams.setLive(creator, s.mint, false);
    expect(await stream(s.mint)).toMatchObject({ live_since: null, num_participants: 0 });
  });
});

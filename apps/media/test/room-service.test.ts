import { AddTrackRequest, DisconnectReason, TrackSource, TrackType } from '@livekit/protocol';
import { AccessToken, RoomServiceClient, TrackSource as SdkTrackSource } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMediaServer } from './helpers/media-server.ts';
import { connectSignal, type SignalClient } from './helpers/signal-client.ts';
import { API_KEY, API_SECRET, joinToken } from './helpers/tokens.ts';

const media = useMediaServer({ webhooks: true, emptyTimeoutSec: 1, departureTimeoutSec: 1 });
let rooms: RoomServiceClient;
const clients: SignalClient[] = [];

beforeAll(() => {
  rooms = new RoomServiceClient(media.url, API_KEY, API_SECRET);
});
afterAll(() => {
  for (const c of clients) c.close();
});

const join = async (identity: string, room: string, grant = {}) => {
  const c = await connectSignal(media.url, await joinToken(identity, room, grant));
  clients.push(c);
  await c.next('join');
  return c;
};

/** What the SDK throws for a Twirp error. */
const twirpError = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    const e = err as { status?: number; code?: string; message: string };
    return { status: e.status, code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
};

describe('Twirp RoomService with livekit-server-sdk', () => {
  it('creates, lists and deletes rooms', async () => {
    const created = await rooms.createRoom({
      name: 'svc-1',
      emptyTimeout: 120,
      maxParticipants: 10,
      metadata: 'm0',
    });
    expect(created.sid).toMatch(/^RM_/);
    expect(created.name).toBe('svc-1');
    expect(created.emptyTimeout).toBe(120);
    expect(created.maxParticipants).toBe(10);
    // Creating an existing room returns it.
    expect((await rooms.createRoom({ name: 'svc-1' })).sid).toBe(created.sid);
    await rooms.createRoom({ name: 'svc-2' });
    expect((await rooms.listRooms()).map((r) => r.name)).toEqual(expect.arrayContaining(['svc-1', 'svc-2']));
    expect((await rooms.listRooms(['svc-2'])).map((r) => r.name)).toEqual(['svc-2']);
    await rooms.deleteRoom('svc-2');
    expect((await rooms.listRooms(['svc-2'])).length).toBe(0);
    expect(await twirpError(rooms.deleteRoom('svc-2'))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'requested room does not exist',
    });
  });

  it('lists, gets, updates and removes participants', async () => {
    const alice = await join('alice', 'svc-3', { canPublish: true });
    await join('bob', 'svc-3');
    const people = await rooms.listParticipants('svc-3');
    expect(people.map((p) => p.identity).sort()).toEqual(['alice', 'bob']);
    const a = await rooms.getParticipant('svc-3', 'alice');
    expect(a.sid).toMatch(/^PA_/);
    expect(a.permission?.canPublish).toBe(true);
    expect(await twirpError(rooms.getParticipant('svc-3', 'nobody'))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'participant does not exist',
    });
    expect(await twirpError(rooms.listParticipants('no-such-room'))).toMatchObject({
      status: 404,
      code: 'not_found',
    });

    const mark = alice.messages.length;
    const updated = await rooms.updateParticipant('svc-3', 'alice', {
      metadata: '{"role":"host"}',
      name: 'Alice',
      permission: { canSubscribe: true, canPublish: false, canPublishData: false },
    });
    expect(updated.metadata).toBe('{"role":"host"}');
    expect(updated.name).toBe('Alice');
    expect(updated.permission?.canPublish).toBe(false);
    expect(updated.version).toBeGreaterThan(a.version);
    // The participant learns its new permission.
    const self = await alice.next('update', mark);
    expect(self.participants[0]?.permission?.canPublish).toBe(false);

    await rooms.removeParticipant('svc-3', 'bob');
    expect((await rooms.listParticipants('svc-3')).map((p) => p.identity)).toEqual(['alice']);
    expect(await twirpError(rooms.removeParticipant('svc-3', 'bob'))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const bob = clients[1];
    const leave = await bob?.next('leave');
    expect(leave?.reason).toBe(DisconnectReason.PARTICIPANT_REMOVED);
  });

  it('mutes a published track and updates room metadata', async () => {
    const host = await join('host', 'svc-4', {
      canPublish: true,
      canPublishSources: [SdkTrackSource.MICROPHONE],
    });
    host.send({
      case: 'addTrack',
      value: new AddTrackRequest({
        cid: 'mic-1',
        name: 'mic',
        type: TrackType.AUDIO,
        source: TrackSource.MICROPHONE,
      }),
    });
    const published = await host.next('trackPublished');
    expect(published.cid).toBe('mic-1');
    expect(published.track?.sid).toMatch(/^TR_/);
    const res = await rooms.mutePublishedTrack('svc-4', 'host', published.track?.sid as string, true);
    expect(res.muted).toBe(true);
    const mute = await host.next('mute');
    expect(mute).toMatchObject({ sid: published.track?.sid, muted: true });
    expect(await twirpError(rooms.mutePublishedTrack('svc-4', 'host', 'TR_nope', true))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    // A source outside canPublishSources gets no TrackPublishedResponse.
    const before = host.messages.filter((m) => m.case === 'trackPublished').length;
    host.send({
      case: 'addTrack',
      value: new AddTrackRequest({
        cid: 'cam-1',
        name: 'cam',
        type: TrackType.VIDEO,
        source: TrackSource.CAMERA,
      }),
    });
    await host.roundTrip();
    expect(host.messages.filter((m) => m.case === 'trackPublished').length).toBe(before);

    const room = await rooms.updateRoomMetadata('svc-4', '{"title":"live"}');
    expect(room.metadata).toBe('{"title":"live"}');
    await expect
      .poll(() =>
        host.messages.some((m) => m.case === 'roomUpdate' && m.value.room?.metadata === '{"title":"live"}'),
      )
      .toBe(true);

    await rooms.deleteRoom('svc-4');
    expect((await host.next('leave')).reason).toBe(DisconnectReason.ROOM_DELETED);
  });

  it('checks admin grants and answers Twirp JSON errors', async () => {
    const call = async (method: string, body: unknown, grant: Record<string, unknown>) => {
      const at = new AccessToken(API_KEY, API_SECRET, { ttl: '10m' });
      at.addGrant(grant);
      return fetch(`${media.http}/twirp/livekit.RoomService/${method}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await at.toJwt()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    };
    await rooms.createRoom({ name: 'svc-5' });
    const cases: [string, unknown, Record<string, unknown>][] = [
      ['CreateRoom', { name: 'x' }, { roomList: true }],
      ['ListRooms', {}, { roomCreate: true }],
      ['DeleteRoom', { room: 'svc-5' }, { roomAdmin: true, room: 'svc-5' }],
      ['ListParticipants', { room: 'svc-5' }, { roomAdmin: true, room: 'other' }],
      ['ListParticipants', { room: 'svc-5' }, { room: 'svc-5' }],
      ['UpdateRoomMetadata', { room: 'svc-5', metadata: 'x' }, { roomCreate: true }],
    ];
    for (const [method, body, grant] of cases) {
      const res = await call(method, body, grant);
      expect(res.status, `${method} with ${JSON.stringify(grant)}`).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toMatchObject({ code: 'unauthenticated' });
    }
    const ok = await call('ListParticipants', { room: 'svc-5' }, { roomAdmin: true, room: 'svc-5' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({});
    const bad = await call('NoSuchMethod', {}, { roomAdmin: true });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ code: 'bad_route' });
    const wrongSecret = new RoomServiceClient(media.url, API_KEY, 'wrong-secret');
    expect(await twirpError(wrongSecret.listRooms())).toMatchObject({ status: 401, code: 'unauthenticated' });
    // Bad bodies: a clear 400, never a 500.
    const admin = { roomCreate: true, roomList: true, roomAdmin: true, room: 'svc-5' };
    const badBodies: [string, unknown][] = [
      ['CreateRoom', { name: 5 }],
      ['CreateRoom', { name: 'y', emptyTimeout: 'soon' }],
      ['CreateRoom', ['not', 'an', 'object']],
      ['ListParticipants', null],
      ['UpdateRoomMetadata', { room: 'svc-5', metadata: 'x'.repeat(2 * 1024 * 1024) }],
    ];
    for (const [method, body] of badBodies) {
      const res = await call(method, body, admin);
      const shown = JSON.stringify(body).slice(0, 60);
      expect(res.status, `${method} ${shown}`).toBe(400);
      expect(await res.json(), `${method} ${shown}`).toMatchObject({ code: 'malformed' });
    }
  });

  it('sends room webhooks accepted by WebhookReceiver, and closes rooms on their timeouts', async () => {
    await rooms.createRoom({ name: 'svc-6' });
    // emptyTimeoutSec is 1 in this server: a room nobody joins closes by itself.
    await expect.poll(async () => (await rooms.listRooms(['svc-6'])).length, { timeout: 4_000 }).toBe(0);
    await expect
      .poll(() => media.hooks.events.some((e) => e.event === 'room_finished' && e.room?.name === 'svc-6'), {
        timeout: 4_000,
      })
      .toBe(true);
    const p = await join('leaver', 'svc-7');
    p.send({ case: 'leave', value: {} as never });
    await expect
      .poll(
        () =>
          media.hooks.events.some(
            (e) => e.event === 'participant_left' && e.participant?.identity === 'leaver',
          ),
        { timeout: 4_000 },
      )
      .toBe(true);
    // departureTimeoutSec is 1: the room closes a second after the last one left.
    await expect
      .poll(() => media.hooks.events.some((e) => e.event === 'room_finished' && e.room?.name === 'svc-7'), {
        timeout: 4_000,
      })
      .toBe(true);
    expect(media.hooks.rejected).toEqual([]);
    const svc7 = media.hooks.events.filter((e) => e.room?.name === 'svc-7').map((e) => e.event);
    expect(svc7[0]).toBe('room_started');
    expect(svc7.at(-1)).toBe('room_finished');
    for (const e of media.hooks.events) {
      expect(e.id).toMatch(/^EV_/);
      expect(Number(e.createdAt)).toBeGreaterThan(1_600_000_000);
    }
    expect(media.hooks.headers.every((h) => h.contentType === 'application/webhook+json')).toBe(true);
  });
});

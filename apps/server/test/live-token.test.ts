import {
  HOST_TOKEN_TTL_S,
  roomNameForMint,
  VIEWER_TOKEN_TTL_S,
  ZApiError,
  ZCreateRoomResponse,
  ZLiveTokenResponse,
} from '@mintcast/contracts';
import { startMediaServer } from '@mintcast/media';
import { RoomServiceClient, TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { freePort } from './support/free-port.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';
import { databaseKind } from './support/test-database.ts';

const { apiKey, apiSecret, url: livekitUrl } = testConfig().livekit;
const verifier = new TokenVerifier(apiKey, apiSecret);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const tokenFor = async (payload: unknown, headers: Record<string, string> = {}) => {
  const res = await post('/api/live/token', payload, headers);
  return { res, body: res.json() };
};

describe(`POST /api/live/token (${databaseKind()})`, () => {
  it('gives anyone a subscribe-only viewer token with a viewer identity and a short TTL', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const { res, body } = await tokenFor({
      roomName: roomNameForMint(s.mint),
      participantName: 'Viewer',
      isHost: false,
    });
    expect(res.statusCode).toBe(200);
    const { token, url } = ZLiveTokenResponse.parse(body);
    expect(url).toBe(livekitUrl);
    const claims = await verifier.verify(token);
    expect(claims.sub).toMatch(/^viewer-\d{13}-[0-9a-f]{8}$/);
    expect(claims.video).toMatchObject({
      room: `stream-${s.mint}`,
      roomJoin: true,
      canSubscribe: true,
      canPublish: false,
      canPublishData: false,
    });
    expect(claims.video?.canPublishSources ?? []).toEqual([]);
    expect(JSON.parse(claims.metadata ?? '{}')).toEqual({ role: 'viewer' });
    expect((claims.exp ?? 0) - (claims.nbf ?? claims.iat ?? 0)).toBeLessThanOrEqual(VIEWER_TOKEN_TTL_S);
  });

  it('never hands out the same viewer identity twice, and ignores a session for viewers', async () => {
    const s = await createStream(t.database.db);
    const me = await signIn(t.app);
    const room = roomNameForMint(s.mint);
    const a = await tokenFor({ roomName: room, participantName: 'a', isHost: false });
    const b = await tokenFor({ roomName: room, participantName: 'b', isHost: false }, me.headers);
    const [ca, cb] = await Promise.all([verifier.verify(a.body.token), verifier.verify(b.body.token)]);
    expect(ca.sub).not.toBe(cb.sub);
    expect(cb.sub).toMatch(/^viewer-/);
    expect(cb.video?.canPublish).toBe(false);
  });

  it('refuses a viewer token for a stream that does not exist', async () => {
    const { res, body } = await tokenFor({
      roomName: `stream-0x${'ab'.repeat(20)}`,
      participantName: 'v',
      isHost: false,
    });
    expect(res.statusCode).toBe(404);
    expect(ZApiError.parse(body).error.code).toBe('not_found');
  });

  it('gives the signed-in creator a host token that publishes camera, microphone and screen share', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: me.address });
    const { res, body } = await tokenFor(
      {
        roomName: `stream-${s.mint.toUpperCase().replace('0X', '0x')}`,
        participantName: me.address,
        isHost: true,
      },
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    const claims = await verifier.verify(ZLiveTokenResponse.parse(body).token);
    expect(claims.sub).toBe(me.address);
    expect(claims.video).toMatchObject({
      room: `stream-${s.mint}`, // canonical, whatever case was asked for
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: false,
    });
    expect(claims.video?.canPublishSources).toEqual(['camera', 'microphone', 'screen_share']);
    expect(JSON.parse(claims.metadata ?? '{}')).toEqual({ role: 'host' });
    expect((claims.exp ?? 0) - (claims.nbf ?? claims.iat ?? 0)).toBeLessThanOrEqual(HOST_TOKEN_TTL_S);
  });

  it('refuses a host token without a session (401) and to another wallet (403)', async () => {
    const creator = await signIn(t.app);
    const other = await signIn(t.app);
    const s = await createStream(t.database.db, {
      creator_address: creator.address,
      is_currently_live: true,
    });
    const req = { roomName: roomNameForMint(s.mint), participantName: 'x', isHost: true };
    const anon = await tokenFor(req);
    expect(anon.res.statusCode).toBe(401);
    expect(ZApiError.parse(anon.body).error.code).toBe('unauthorized');
    const stranger = await tokenFor(req, other.headers);
    expect(stranger.res.statusCode).toBe(403);
    expect(ZApiError.parse(stranger.body).error.code).toBe('forbidden');
    expect(stranger.body.token).toBeUndefined();
  });

  it.each([
    ['no body', undefined],
    ['missing isHost', { roomName: `stream-0x${'1'.repeat(40)}`, participantName: 'x' }],
    ['isHost as a string', { roomName: `stream-0x${'1'.repeat(40)}`, participantName: 'x', isHost: 'true' }],
    ['room not stream-{mint}', { roomName: 'lobby', participantName: 'x', isHost: false }],
    ['room with a short mint', { roomName: 'stream-0x1234', participantName: 'x', isHost: false }],
    [
      'blank participant name',
      { roomName: `stream-0x${'1'.repeat(40)}`, participantName: '  ', isHost: false },
    ],
    [
      'huge participant name',
      { roomName: `stream-0x${'1'.repeat(40)}`, participantName: 'x'.repeat(65), isHost: false },
    ],
  ])('answers 400 to a bad body: %s', async (_name, payload) => {
    const res = await post('/api/live/token', payload);
    expect(res.statusCode).toBe(400);
    expect(ZApiError.safeParse(res.json()).success).toBe(true);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/live/token',
      payload: '{"roomName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).error.message).toBe('Malformed JSON body');
  });

  it('answers "Failed to generate token" when the media credentials cannot sign', async () => {
    const broken = await createTestApp(
      { livekit: { url: livekitUrl, apiKey: '', apiSecret: '' } },
      { database: t.database },
    );
    try {
      const s = await createStream(broken.database.db);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/live/token',
        payload: { roomName: roomNameForMint(s.mint), participantName: 'v', isHost: false },
      });
      expect(res.statusCode).toBe(502);
      expect(ZApiError.parse(res.json()).error).toMatchObject({
        code: 'token_failed',
        message: 'Failed to generate token',
      });
    } finally {
      await broken.close();
    }
  });
});

describe(`POST /api/live/rooms (${databaseKind()})`, () => {
  it('refuses without a session (401) and to another wallet (403)', async () => {
    const creator = await signIn(t.app);
    const other = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: creator.address });
    const body = { roomName: roomNameForMint(s.mint) };
    expect((await post('/api/live/rooms', body)).statusCode).toBe(401);
    expect((await post('/api/live/rooms', body, other.headers)).statusCode).toBe(403);
    expect((await post('/api/live/rooms', { roomName: 'nope' }, creator.headers)).statusCode).toBe(400);
  });

  it('answers "Failed to create room" when the media server is unreachable', async () => {
    const creator = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: creator.address });
    const res = await post('/api/live/rooms', { roomName: roomNameForMint(s.mint) }, creator.headers);
    expect(res.statusCode).toBe(502);
    expect(ZApiError.parse(res.json()).error).toMatchObject({
      code: 'room_failed',
      message: 'Failed to create room',
    });
  });

  it('creates the room on the real media server, whose webhooks then reach the app', async () => {
    const mediaPort = await freePort();
    const keys = {
      url: `ws://127.0.0.1:${mediaPort}`,
      apiKey: 'room-test',
      apiSecret: 'room-test-secret-0123456789abcdef',
    };
    const withMedia = await createTestApp({ livekit: keys }, { database: t.database });
    const appUrl = await withMedia.app.listen({ port: 0, host: '127.0.0.1' });
    const media = await startMediaServer({
      port: mediaPort,
      host: '127.0.0.1',
      keys: { [keys.apiKey]: keys.apiSecret },
      webhookUrl: `${appUrl}/api/live/webhook`,
      logLevel: 'silent',
    });
    try {
      const creator = await signIn(withMedia.app);
      const s = await createStream(withMedia.database.db, {
        creator_address: creator.address,
        is_currently_live: true,
      });
      const res = await withMedia.app.inject({
        method: 'POST',
        url: '/api/live/rooms',
        payload: { roomName: roomNameForMint(s.mint) },
        headers: creator.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(ZCreateRoomResponse.parse(res.json()).name).toBe(`stream-${s.mint}`);
      const admin = new RoomServiceClient(keys.url.replace('ws', 'http'), keys.apiKey, keys.apiSecret);
      expect((await admin.listRooms()).map((r) => r.name)).toContain(`stream-${s.mint}`);
      // Deleting the room makes the media server send a signed room_finished: the stream goes offline.
      await admin.deleteRoom(`stream-${s.mint}`);
      await expect
        .poll(async () => (await withMedia.app.ctx.streams.get(s.mint)).is_currently_live, { timeout: 5_000 })
        .toBe(false);
    } finally {
      await media.close();
      await withMedia.close();
    }
  });
});

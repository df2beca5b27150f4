import {
  ClientConfigSetting,
  DisconnectReason,
  LeaveRequest_Action,
  MuteTrackRequest,
  ParticipantInfo_State,
  Ping,
  SessionDescription,
  type SignalTarget,
  SyncState,
  TrickleRequest,
  UpdateTrackSettings,
  type VideoQuality,
} from '@livekit/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import WebSocket from 'ws';
import { killSignalSockets, openSignalSockets } from '../src/signal/socket-registry.ts';
import { useMediaServer } from './helpers/media-server.ts';
import { rawJwt } from './helpers/raw-jwt.ts';
import { connectSignal, type SignalClient } from './helpers/signal-client.ts';
import { API_KEY, API_SECRET, joinToken } from './helpers/tokens.ts';
import { waitFor } from './helpers/wait.ts';
import { WeriftPublisher } from './helpers/werift-publisher.ts';

const RESUME_GRACE_MS = 1_500;
const media = useMediaServer({ resumeGraceMs: RESUME_GRACE_MS });
const clients: SignalClient[] = [];

afterAll(() => {
  for (const c of clients) c.close();
});

const join = async (identity: string, room: string, query = '', grant = {}, extra = {}) => {
  const c = await connectSignal(media.url, await joinToken(identity, room, grant, extra), query);
  clients.push(c);
  return c;
};

const upgradeStatus = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`${media.url}${path}`);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', reject);
  });

describe('HTTP shell', () => {
  it('answers GET and HEAD / with 200 and permissive CORS', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${media.http}/`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const pre = await fetch(`${media.http}/rtc/validate`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('refuses /rtc/v1 so livekit-client falls back to /rtc', async () => {
    expect(await upgradeStatus(`/rtc/v1?access_token=${await joinToken('a', 'r')}`)).toBe(404);
    const res = await fetch(`${media.http}/rtc/v1/validate?access_token=x`);
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('not found');
  });

  it("serves Prometheus metrics (prom-client text, the API server's format)", async () => {
    const res = await fetch(`${media.http}/metrics`);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# TYPE media_rooms gauge');
    expect(text).toContain('# TYPE media_forwarded_packets_total counter');
    for (const name of [
      'media_rooms',
      'media_participants',
      'media_tracks',
      'media_received_packets_total',
      'media_forwarded_packets_total',
      'media_dropped_packets_total',
      'media_forwarded_bytes_total',
      'media_plis_sent_total',
    ]) {
      expect(text).toMatch(new RegExp(`^${name} \\d+$`, 'm'));
    }
  });
});

describe('request ids', () => {
  it("keeps a proxy's x-request-id and makes one when there is none or it is malformed", async () => {
    const kept = await fetch(`${media.http}/`, { headers: { 'x-request-id': 'proxy-id.42:a' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-id.42:a');
    const made = await fetch(`${media.http}/`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await fetch(`${media.http}/`, { headers: { 'x-request-id': 'no spaces <allowed>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/rtc/validate and token checks', () => {
  const validate = (token: string) =>
    fetch(`${media.http}/rtc/validate?access_token=${encodeURIComponent(token)}`);
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (extra: Record<string, unknown> = {}) => ({
    iss: API_KEY,
    sub: 'u1',
    nbf: now() - 5,
    exp: now() + 600,
    video: { room: 'r', roomJoin: true },
    ...extra,
  });

  it('accepts a token minted by livekit-server-sdk', async () => {
    const res = await validate(await joinToken('u1', 'r'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('success');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each([
    ['a wrong secret', () => rawJwt(claims(), 'not-the-secret'), 401, /invalid authorization token/],
    ['no exp', () => rawJwt(claims({ exp: undefined }), API_SECRET), 401, /invalid authorization token/],
    [
      'an expired exp',
      () => rawJwt(claims({ exp: now() - 3600, nbf: now() - 7200 }), API_SECRET),
      401,
      /invalid authorization token/,
    ],
    ['no roomJoin', () => rawJwt(claims({ video: { room: 'r' } }), API_SECRET), 401, /permissions denied/],
    ['no video grant', () => rawJwt(claims({ video: undefined }), API_SECRET), 401, /permissions denied/],
    ['an unknown API key', () => rawJwt(claims({ iss: 'nope' }), API_SECRET), 401, /invalid API key/],
    ['alg none', () => rawJwt(claims(), API_SECRET, { alg: 'none' }), 401, /invalid authorization token/],
    ['no room', () => rawJwt(claims({ video: { roomJoin: true } }), API_SECRET), 400, /room name/],
    ['no identity', () => rawJwt(claims({ sub: undefined }), API_SECRET), 400, /identity/],
  ])('refuses a token with %s', async (_name, make, status, reason) => {
    const res = await validate(make());
    expect(res.status).toBe(status);
    expect(await res.text()).toMatch(reason);
    expect(await upgradeStatus(`/rtc?access_token=${make()}`)).toBe(status);
  });

  it('refuses a missing token with 401', async () => {
    const res = await fetch(`${media.http}/rtc/validate`);
    expect(res.status).toBe(401);
  });
});

describe('signal socket', () => {
  it('sends JoinResponse first, then a refresh token, and answers pings', async () => {
    const c = await join(
      'alice',
      'sig-1',
      '',
      { canPublish: true },
      { metadata: '{"role":"host"}', name: 'Alice' },
    );
    const j = await c.next('join');
    expect(c.messages[0]?.case).toBe('join');
    expect(j.serverInfo?.version).toBe('1.9.0');
    expect(j.serverVersion).toBe('1.9.0');
    expect(j.pingInterval).toBe(5);
    expect(j.pingTimeout).toBe(15);
    expect(j.subscriberPrimary).toBe(true);
    expect(j.clientConfiguration?.resumeConnection).toBe(ClientConfigSetting.ENABLED);
    expect(j.participant?.sid).toMatch(/^PA_/);
    expect(j.participant?.metadata).toBe('{"role":"host"}');
    expect(j.participant?.permission?.canPublish).toBe(true);
    expect(j.room?.sid).toMatch(/^RM_/);
    expect(j.room?.numParticipants).toBe(1);
    const refresh = await c.next('refreshToken');
    expect(refresh.split('.')).toHaveLength(3);
    const valid = await fetch(`${media.http}/rtc/validate?access_token=${refresh}`);
    expect(valid.status).toBe(200);
    // The subscriber offer always carries at least the data channel m-line.
    const offer = await c.next('offer');
    expect(offer.sdp).toContain('m=application');
    c.send({ case: 'pingReq', value: new Ping({ timestamp: 1234n, rtt: 0n }) });
    const pong = await c.next('pongResp');
    expect(pong.lastPingTimestamp).toBe(1234n);
    c.send({ case: 'ping', value: 99n });
    expect(await c.next('pong')).toBeGreaterThan(0n);
  });

  it('ignores frames that are not signal requests, and requests with nonsense in them', async () => {
    const c = await join('fuzz', 'sig-fuzz', '', { canPublish: true });
    await c.next('join');
    c.ws.send(Buffer.from([0xff, 0x00, 0x13, 0x37, 0x42])); // not protobuf
    c.ws.send('{"not":"a request"'); // not JSON either
    c.ws.send(Buffer.alloc(64 * 1024, 0xaa));
    c.send({
      case: 'trickle',
      value: new TrickleRequest({ candidateInit: '{"candidate":42}', target: 7 as SignalTarget }),
    });
    c.send({
      case: 'trackSetting',
      value: new UpdateTrackSettings({ trackSids: ['TR_nope'], quality: 99 as VideoQuality }),
    });
    c.send({ case: 'mute', value: new MuteTrackRequest({ sid: 'TR_nope', muted: true }) });
    c.send({ case: 'answer', value: new SessionDescription({ type: 'answer', sdp: 'garbage', id: 1 }) });
    c.send({ case: 'ping', value: 2n });
    expect(await c.next('pong')).toBeGreaterThan(0n);
    expect(c.closed).toBe(false);
    // A frame over 1 MiB is not buffered: the server closes that socket (1009, message too big).
    const code = new Promise<number>((resolve) => c.ws.once('close', (n: number) => resolve(n)));
    c.ws.send(Buffer.alloc(2 * 1024 * 1024, 1));
    expect(await code).toBe(1009);
  });

  it('refuses a publisher offer that is not SDP (no answer) and keeps serving the socket', async () => {
    const c = await join('bad-offer', 'sig-bad', '', { canPublish: true });
    await c.next('join');
    for (const sdp of ['garbage', 'v=0\r\nnot an offer']) {
      c.send({ case: 'offer', value: new SessionDescription({ type: 'offer', sdp, id: 1 }) });
    }
    c.send({ case: 'ping', value: 1n });
    expect(await c.next('pong')).toBeGreaterThan(0n);
    // Offers are answered in order: the answer to a real one comes after any answer to those before it.
    const pc = new RTCPeerConnection({ iceServers: [] });
    try {
      pc.addTransceiver('audio', { direction: 'sendonly' });
      await pc.setLocalDescription(await pc.createOffer());
      const sdp = pc.localDescription?.sdp ?? '';
      c.send({ case: 'offer', value: new SessionDescription({ type: 'offer', sdp, id: 3 }) });
      expect((await c.next('answer')).id).toBe(3);
      expect(c.messages.filter((m) => m.case === 'answer')).toHaveLength(1);
    } finally {
      await pc.close();
    }
  });

  it('answers a resume attempt for an unknown session with leave RECONNECT, never a join', async () => {
    const c = await join('bob', 'sig-2', '&reconnect=1&sid=PA_old');
    const leave = await c.next('leave');
    expect(c.messages[0]?.case).toBe('leave');
    expect(leave.action).toBe(LeaveRequest_Action.RECONNECT);
  });

  /** Updates about `identity` that `watcher` received after message `from`. */
  const updatesAbout = (watcher: SignalClient, identity: string, from = 0) =>
    watcher.messages
      .slice(from)
      .flatMap((m) => (m.case === 'update' ? m.value.participants : []))
      .filter((p) => p.identity === identity);

  it('resumes a dropped socket: same session, reconnect first, what happened meanwhile delivered', async () => {
    const watcher = await join('r-watcher', 'sig-r');
    await watcher.next('join');
    const b = await join('r-b', 'sig-r'); // drops later and never resumes: its leave marks the grace's end
    await b.next('join');
    const a = await join('r-a', 'sig-r');
    const sid = (await a.next('join')).participant?.sid;
    expect(killSignalSockets('sig-r', 'r-a')).toBe(1); // a network failure: no close frame, no leave
    await expect.poll(() => openSignalSockets('sig-r', 'r-a')).toBe(0); // the server holds r-a's messages
    const late = await join('r-late', 'sig-r'); // joins while r-a is away
    await late.next('join');
    const resumed = await join('r-a', 'sig-r', `&reconnect=1&sid=${sid}`);
    await resumed.next('reconnect');
    expect(resumed.messages[0]?.case).toBe('reconnect');
    // The update about r-late that went out while r-a was away arrives after the reconnect response.
    await expect.poll(() => updatesAbout(resumed, 'r-late').length, { timeout: 3_000 }).toBeGreaterThan(0);
    // Past the grace period (r-b, dropped after the resume, has been let go): still the same session, and
    // nobody ever saw r-a leave.
    b.ws.terminate();
    await expect
      .poll(() => updatesAbout(watcher, 'r-b').some((p) => p.state === ParticipantInfo_State.DISCONNECTED), {
        timeout: RESUME_GRACE_MS + 5_000,
      })
      .toBe(true);
    expect(updatesAbout(watcher, 'r-a').every((p) => p.state !== ParticipantInfo_State.DISCONNECTED)).toBe(
      true,
    );
    resumed.send({ case: 'ping', value: 7n });
    expect(await resumed.next('pong')).toBeGreaterThan(0n);
    const again = await join('r-a', 'sig-r', `&reconnect=1&sid=${sid}`); // takes over the open socket
    await again.next('reconnect');
    await expect.poll(() => resumed.closed).toBe(true);
    // Another identity's token cannot take the session over, even with its sid.
    const thief = await join('r-thief', 'sig-r', `&reconnect=1&sid=${sid}`);
    expect((await thief.next('leave')).action).toBe(LeaveRequest_Action.RECONNECT);
    expect(again.closed).toBe(false);
  });

  it('after a resume, applies the subscriber answer that was lost with the old socket (from SyncState)', async () => {
    const a = await join('s-a', 'sig-s');
    const sid = (await a.next('join')).participant?.sid;
    const offer = await a.next('offer'); // the first subscriber offer (data channels)
    const pc = new RTCPeerConnection({ iceServers: [] });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      a.ws.terminate(); // the answer never went out
      const b = await join('s-a', 'sig-s', `&reconnect=1&sid=${sid}`);
      await b.next('reconnect');
      // Bad input first: SDP that is not SDP, and the right offer with an answer that is not one.
      for (const [o, ans] of [
        ['garbage', 'garbage'],
        [offer.sdp, 'v=0\r\nnot an answer'],
      ]) {
        b.send({
          case: 'syncState',
          value: new SyncState({
            offer: new SessionDescription({ type: 'offer', sdp: o }),
            answer: new SessionDescription({ type: 'answer', sdp: ans }),
          }),
        });
      }
      b.send({ case: 'ping', value: 1n });
      expect(await b.next('pong')).toBeGreaterThan(0n); // still served
      b.send({
        case: 'syncState',
        value: new SyncState({
          offer: new SessionDescription({ type: 'offer', sdp: offer.sdp }),
          answer: new SessionDescription({ type: 'answer', sdp: pc.localDescription?.sdp ?? '' }),
        }),
      });
      // A track published now needs a new subscriber offer, which only goes out once the first one is answered.
      const publisher = new WeriftPublisher(
        media.url,
        await joinToken('s-host', 'sig-s', { canPublish: true }),
      );
      try {
        await publisher.start(300);
        expect((await b.next('offer', 0, 10_000)).id).toBe(offer.id + 1);
      } finally {
        publisher.close();
      }
    } finally {
      await pc.close();
    }
  });

  it('a dropped socket that is not resumed within the grace period leaves, and cannot resume after', async () => {
    const watcher = await join('g-watcher', 'sig-g');
    await watcher.next('join');
    const a = await join('g-a', 'sig-g');
    const sid = (await a.next('join')).participant?.sid;
    const droppedAt = Date.now();
    a.ws.terminate();
    await expect
      .poll(() => updatesAbout(watcher, 'g-a').some((p) => p.state === ParticipantInfo_State.DISCONNECTED), {
        timeout: RESUME_GRACE_MS + 3_000,
      })
      .toBe(true);
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(RESUME_GRACE_MS - 100);
    const late = await join('g-a', 'sig-g', `&reconnect=1&sid=${sid}`);
    expect((await late.next('leave')).action).toBe(LeaveRequest_Action.RECONNECT);
  });

  it('evicts a duplicate identity, announcing the old sid DISCONNECTED before the new one', async () => {
    const watcher = await join('watcher', 'sig-3');
    await watcher.next('join');
    const first = await join('dup', 'sig-3');
    const firstSid = (await first.next('join')).participant?.sid;
    const mark = watcher.messages.length;
    const second = await join('dup', 'sig-3');
    const secondSid = (await second.next('join')).participant?.sid;
    expect(secondSid).not.toBe(firstSid);
    const leave = await first.next('leave');
    expect(leave.reason).toBe(DisconnectReason.DUPLICATE_IDENTITY);
    await second.next('join');
    const updates = () =>
      watcher.messages
        .slice(mark)
        .flatMap((m) => (m.case === 'update' ? m.value.participants : []))
        .filter((p) => p.identity === 'dup');
    await expect.poll(() => updates().some((p) => p.sid === secondSid)).toBe(true);
    const order = updates().map(
      (p) => `${p.sid === firstSid ? 'old' : 'new'}:${ParticipantInfo_State[p.state]}`,
    );
    expect(order.indexOf('old:DISCONNECTED')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('old:DISCONNECTED')).toBeLessThan(order.findIndex((s) => s.startsWith('new:')));
    // Versions never go backwards for a sid.
    const versions = updates()
      .filter((p) => p.sid === firstSid)
      .map((p) => p.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it('sends RoomUpdate with the participant count when people come and go', async () => {
    const a = await join('ra', 'sig-4');
    await a.next('join');
    const b = await join('rb', 'sig-4');
    await b.next('join');
    await expect
      .poll(() => a.messages.some((m) => m.case === 'roomUpdate' && m.value.room?.numParticipants === 2), {
        timeout: 3_000,
      })
      .toBe(true);
    b.send({ case: 'leave', value: {} as never });
    await expect
      .poll(
        () =>
          a.messages.some(
            (m) =>
              m.case === 'update' &&
              m.value.participants.some(
                (p) => p.identity === 'rb' && p.state === ParticipantInfo_State.DISCONNECTED,
              ),
          ),
        { timeout: 3_000 },
      )
      .toBe(true);
    await expect
      .poll(() => a.messages.filter((m) => m.case === 'roomUpdate').at(-1)?.value, { timeout: 3_000 })
      .toMatchObject({ room: { numParticipants: 1 } });
  });

  it('never announces hidden participants and does not count recorders', async () => {
    const a = await join('seen', 'sig-5');
    await a.next('join');
    const h = await join('ghost', 'sig-5', '', { hidden: true, recorder: true });
    await h.next('join');
    // A visible participant after the ghost: announced (and counted) after anything about the ghost.
    const after = await join('after', 'sig-5');
    await after.next('join');
    const announced = await waitFor(
      () =>
        a.messages.findIndex(
          (m) => m.case === 'update' && m.value.participants.some((p) => p.identity === 'after'),
        ) + 1,
      'the update about "after"',
    );
    expect(
      a.messages.some((m) => m.case === 'update' && m.value.participants.some((p) => p.identity === 'ghost')),
    ).toBe(false);
    // The first room update sent after that announcement counts everyone then in the room but the ghost.
    expect((await a.next('roomUpdate', announced)).room?.numParticipants).toBe(2);
  });
});

import {
  DisconnectReason,
  LeaveRequest,
  LeaveRequest_Action,
  SessionDescription,
  SignalRequest,
  SignalResponse,
  SignalTarget,
  TrickleRequest,
} from '@livekit/protocol';
import type { WebSocket } from 'ws';
import type { JoinGrant } from '../auth.ts';
import { PING_TIMEOUT_SEC } from '../config.ts';
import { relayDataChannel } from '../room/data-relay.ts';
import { Participant, type SignalMessage, type SignalSink } from '../room/participant.ts';
import { permissionFromGrant } from '../room/permissions.ts';
import type { Room } from '../room/room.ts';
import type { RoomManager } from '../room/room-manager.ts';
import { PublisherTransport } from '../rtc/publisher-transport.ts';
import { SubscriberTransport } from '../rtc/subscriber-transport.ts';
import { buildJoinResponse, buildReconnectResponse } from './join-response.ts';
import { makeRefreshToken } from './refresh-token.ts';
import { handleRequest } from './request-handler.ts';
import { endsSession, registerSocket } from './socket-registry.ts';

const REFRESH_TOKEN_INTERVAL_MS = 5 * 60_000;
const LIVENESS_CHECK_MS = 5_000;

function flag(q: URLSearchParams, name: string, fallback: boolean): boolean {
  const v = q.get(name);
  if (v === null) return fallback;
  return v === '1' || v === 'true';
}

function sinkFor(ws: WebSocket): SignalSink {
  return {
    send(message: SignalMessage) {
      if (ws.readyState === ws.OPEN) ws.send(new SignalResponse({ message }).toBinary());
    },
    close() {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    },
  };
}

/** Answers a socket with `leave` as its only message, then closes it (the client reads the leave first). */
function refuse(sink: SignalSink, reason: DisconnectReason, action: LeaveRequest_Action): void {
  sink.send({ case: 'leave', value: new LeaveRequest({ reason, action }) });
  setTimeout(() => sink.close(), 100);
}

/** Runs one `/rtc` socket: join (or resume), then signal requests until leave or close. */
export function runSignalSession(
  ws: WebSocket,
  grant: JoinGrant,
  query: URLSearchParams,
  manager: RoomManager,
): void {
  const { ctx, log } = manager.services;
  const sink = sinkFor(ws);
  registerSocket(grant.room, grant.identity, ws);

  if (flag(query, 'reconnect', false)) {
    // Resume: the same session (sid), still held for its client, continues on this socket with its media
    // untouched. Anything else is told to rejoin from scratch (never a join, which the resuming client
    // would drop and then time out on).
    const room = manager.get(grant.room);
    const p = room?.participants.get(grant.identity);
    if (!room || !p || p.closed || p.sid !== query.get('sid')) {
      refuse(sink, DisconnectReason.STATE_MISMATCH, LeaveRequest_Action.RECONNECT);
      return;
    }
    p.resume(sink, { case: 'reconnect', value: buildReconnectResponse(ctx) });
    log.info('participant_resumed', { room: room.name, identity: p.identity, sid: p.sid });
    serveSocket(ws, sink, p, room, grant, manager);
    return;
  }

  const room: Room = manager.getOrCreate(grant.room);
  if (room.isFull && !room.participants.has(grant.identity)) {
    refuse(sink, DisconnectReason.JOIN_FAILURE, LeaveRequest_Action.DISCONNECT);
    return;
  }

  const p = new Participant(
    {
      identity: grant.identity,
      name: grant.claims.name ?? '',
      metadata: grant.claims.metadata ?? '',
      attributes: grant.claims.attributes ?? {},
      permission: permissionFromGrant(grant.video),
      autoSubscribe: flag(query, 'auto_subscribe', true),
      apiKey: grant.apiKey,
    },
    sink,
  );
  room.add(p);
  p.send({ case: 'join', value: buildJoinResponse(room, p, ctx) });
  room.announce(p);

  p.subscriber = new SubscriberTransport(ctx, {
    sendOffer: (sdp, id) =>
      p.send({ case: 'offer', value: new SessionDescription({ type: 'offer', sdp, id }) }),
    sendTrickle: (candidateInit) =>
      p.send({
        case: 'trickle',
        value: new TrickleRequest({ candidateInit, target: SignalTarget.SUBSCRIBER }),
      }),
    // Keyframes are asked for as soon as SRTP can carry them, before the data channels' SCTP handshake.
    onMediaReady: () => room.media.requestKeyframes(p),
    onConnected: () => room.activate(p),
    onFailed: () =>
      room.remove(p, DisconnectReason.CONNECTION_TIMEOUT, { leaveAction: LeaveRequest_Action.RECONNECT }),
  });
  p.publisher = new PublisherTransport(ctx, {
    sendAnswer: (sdp, id) =>
      p.send({ case: 'answer', value: new SessionDescription({ type: 'answer', sdp, id }) }),
    sendTrickle: (candidateInit) =>
      p.send({
        case: 'trickle',
        value: new TrickleRequest({ candidateInit, target: SignalTarget.PUBLISHER }),
      }),
    onOffer: (sections, transceivers) => room.media.onPublisherOffer(p, sections, transceivers),
    onDataChannel: (channel) => relayDataChannel(room, p, channel),
    onFailed: () =>
      room.remove(p, DisconnectReason.CONNECTION_TIMEOUT, { leaveAction: LeaveRequest_Action.RECONNECT }),
  });
  p.subscriber.start();
  room.media.subscribeExisting(p);
  p.subscriber.offerNow();
  serveSocket(ws, sink, p, room, grant, manager);
}

/** Signal requests from one socket of `p`, its refresh tokens and liveness, until the socket closes. */
function serveSocket(
  ws: WebSocket,
  sink: SignalSink,
  p: Participant,
  room: Room,
  grant: JoinGrant,
  manager: RoomManager,
): void {
  const { ctx, log } = manager.services;
  const secret = ctx.keys[grant.apiKey] as string;
  const sendRefresh = () =>
    makeRefreshToken(p, room.name, secret, grant.claims.exp)
      .then((token) => p.send({ case: 'refreshToken', value: token }))
      .catch((err) => log.warn('refresh_token_failed', { error: err }));
  void sendRefresh();
  const refreshTimer = setInterval(sendRefresh, REFRESH_TOKEN_INTERVAL_MS);

  // The client pings every 5 s; a silent socket for longer than its own timeout is dead.
  let lastSeen = Date.now();
  const liveness = setInterval(() => {
    if (Date.now() - lastSeen > (PING_TIMEOUT_SEC + 5) * 1000) {
      log.info('signal_timeout', { identity: p.identity, sid: p.sid });
      ws.terminate();
    }
  }, LIVENESS_CHECK_MS);

  ws.on('message', (data, isBinary) => {
    lastSeen = Date.now();
    let req: SignalRequest;
    try {
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      req = isBinary ? SignalRequest.fromBinary(buf) : SignalRequest.fromJsonString(buf.toString('utf8'));
    } catch (err) {
      log.warn('signal_decode_failed', { identity: p.identity, error: err });
      return;
    }
    handleRequest(p, room, req).catch((err) =>
      log.warn('signal_request_failed', { identity: p.identity, request: req.message.case, error: err }),
    );
  });
  ws.on('close', () => {
    clearInterval(refreshTimer);
    clearInterval(liveness);
    // A dropped socket is held for the client to resume; if it does not within the grace period, the
    // participant leaves, so no ghost stays behind. A socket replaced by a resumed one changes nothing.
    const expire = () => room.remove(p, DisconnectReason.SIGNAL_CLOSE);
    if (endsSession(ws)) return expire();
    p.detach(sink, ctx.resumeGraceMs, () => {
      log.info('resume_grace_expired', { identity: p.identity, sid: p.sid });
      expire();
    });
  });
  ws.on('error', () => undefined);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { DisconnectReason } from '@livekit/protocol';
import { authorizeJoin, extractToken, HttpError, type JoinGrant } from '../auth.ts';
import { BodyTooLargeError, CORS_HEADERS, readBody, requestId, sendText } from '../http/http-utils.ts';
import type { RoomManager } from '../room/room-manager.ts';
import { isSending, parseSections } from '../rtc/sdp-sections.ts';
import { parseSdpFragment } from './sdp-fragment.ts';
import { WhipSession } from './whip-session.ts';

export const WHIP_PATH = '/whip';
const SESSION_PREFIX = '/whip/session/';

/**
 * WHIP (RFC 9725) on the media server: `POST /whip` with an SDP offer and `Authorization: Bearer <access
 * token>` (a LiveKit token with a publish grant for the room; the API server mints it after checking the
 * stream key, decision 020) answers 201 with the SDP answer and the session's `Location`;
 * `PATCH <Location>` adds trickled candidates; `DELETE <Location>` ends the ingest.
 */
export function createWhipEndpoint(manager: RoomManager) {
  const sessions = new Map<string, WhipSession>();
  const { keys } = manager.services.ctx;
  const log = manager.services.log;

  const authorize = async (req: IncomingMessage): Promise<JoinGrant> => {
    if (!req.headers.authorization) throw new HttpError(401, 'missing bearer token');
    const grant = await authorizeJoin(extractToken(req.headers.authorization, new URLSearchParams()), keys);
    if (grant.video.canPublish === false) throw new HttpError(401, 'permissions denied');
    return grant;
  };

  const requireType = (req: IncomingMessage, type: string) => {
    const got = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (got !== type) throw new HttpError(415, `Content-Type must be ${type}`);
  };

  const reap = (s: WhipSession, why: string, req?: IncomingMessage) => {
    log.info('whip_session_ended', {
      ...(req ? { reqId: requestId(req) } : {}),
      room: s.room.name,
      session: s.id,
      why,
    });
    s.end(DisconnectReason.CONNECTION_TIMEOUT);
  };

  /**
   * An ingest that carries media already runs in the room, or its identity already publishes there (a browser
   * broadcast). An ingest that carries none (its publisher vanished before or after connecting) gives way: the
   * new offer came with a token the API minted for the stream's current key.
   */
  const busy = (grant: JoinGrant, req: IncomingMessage): boolean => {
    for (const s of [...sessions.values()]) {
      if (s.room.name !== grant.room || s.participant.closed) continue;
      if (s.liveness.flowing()) return true;
      reap(s, 'replaced', req);
    }
    const present = manager.get(grant.room)?.participants.get(grant.identity);
    return present?.isPublisher === true;
  };

  // Sessions whose media never came or stopped are ended (participant_left): the stream goes offline and
  // the next offer is accepted, whether or not the publisher ever says DELETE.
  const { checkIntervalMs } = manager.services.ctx.whip;
  const sweep = setInterval(() => {
    for (const s of [...sessions.values()]) {
      const why = s.liveness.expired();
      if (why) reap(s, why);
    }
  }, checkIntervalMs);
  sweep.unref();

  const offer = async (req: IncomingMessage, res: ServerResponse) => {
    const grant = await authorize(req);
    requireType(req, 'application/sdp');
    const sdp = await readBody(req);
    const sections = parseSections(sdp);
    if (!sections.some((s) => isSending(s) && (s.kind === 'audio' || s.kind === 'video')))
      throw new HttpError(400, 'the offer sends no audio or video');
    if (busy(grant, req)) throw new HttpError(409, 'this stream is already live');
    const room = manager.getOrCreate(grant.room);
    const session = new WhipSession(room, grant, (s) => sessions.delete(s.id));
    sessions.set(session.id, session);
    let answer: string;
    try {
      answer = await session.start(sdp);
    } catch (err) {
      log.warn('whip_offer_failed', { reqId: requestId(req), room: grant.room, error: err });
      throw new HttpError(400, 'the offer could not be answered');
    }
    log.info('whip_started', {
      reqId: requestId(req),
      room: grant.room,
      identity: grant.identity,
      session: session.id,
    });
    res.writeHead(201, {
      ...CORS_HEADERS,
      'Access-Control-Expose-Headers': 'Location',
      'Content-Type': 'application/sdp',
      Location: `${SESSION_PREFIX}${session.id}`,
    });
    res.end(answer);
  };

  const session = async (req: IncomingMessage, id: string): Promise<WhipSession> => {
    const grant = await authorize(req);
    const found = sessions.get(id);
    if (!found || found.participant.closed) throw new HttpError(404, 'no such WHIP session');
    if (found.grant.room !== grant.room || found.grant.identity !== grant.identity)
      throw new HttpError(403, 'this token is not for that session');
    return found;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === WHIP_PATH) {
      if (req.method !== 'POST') throw new HttpError(405, 'method not allowed');
      return offer(req, res);
    }
    const id = path.slice(SESSION_PREFIX.length);
    if (req.method === 'PATCH') {
      const found = await session(req, id);
      requireType(req, 'application/trickle-ice-sdpfrag');
      await found.addCandidates(parseSdpFragment(await readBody(req)));
      res.writeHead(204, CORS_HEADERS);
      return res.end();
    }
    if (req.method === 'DELETE') {
      const found = await session(req, id);
      found.end();
      log.info('whip_deleted', { reqId: requestId(req), room: found.room.name, session: found.id });
      return sendText(res, 200, 'ended');
    }
    throw new HttpError(405, 'method not allowed');
  };

  return {
    close: () => clearInterval(sweep),
    /** True for the paths this endpoint serves. */
    matches: (path: string) => path === WHIP_PATH || path.startsWith(SESSION_PREFIX),
    serve(req: IncomingMessage, res: ServerResponse, path: string): void {
      handle(req, res, path).catch((err: unknown) => {
        const e =
          err instanceof HttpError
            ? err
            : err instanceof BodyTooLargeError
              ? new HttpError(413, err.message)
              : new HttpError(500, 'internal error');
        if (e.status === 500) log.warn('whip_failed', { reqId: requestId(req), error: err });
        if (!res.headersSent) sendText(res, e.status, e.message);
        else res.end();
      });
    },
  };
}

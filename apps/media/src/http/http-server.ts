import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { authorizeJoin, extractToken, HttpError } from '../auth.ts';
import type { Metrics } from '../metrics.ts';
import type { EgressManager } from '../recording/egress-manager.ts';
import type { RoomManager } from '../room/room-manager.ts';
import { runSignalSession } from '../signal/signal-session.ts';
import { createWhipEndpoint } from '../whip/whip-endpoint.ts';
import { CORS_HEADERS, requestId, sendText } from './http-utils.ts';
import { handleTwirp, isTwirpService } from './twirp.ts';

const TWIRP_PREFIX = '/twirp/';

/**
 * HTTP and WebSocket routes. Only the v0 signal path `/rtc` is served: `/rtc/v1` answers 404
 * (and its validate 404 "not found"), which makes livekit-client fall back to `/rtc`.
 */
const MAX_SIGNAL_FRAME_BYTES = 1024 * 1024;

export function createHttpServer(manager: RoomManager, metrics: Metrics, egress?: EgressManager): Server {
  const { keys } = manager.services.ctx;
  const log = manager.services.log;
  // Signal messages are small (the largest, an SDP offer, is tens of KB); a bigger frame closes the socket
  // (1009) instead of being buffered.
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_SIGNAL_FRAME_BYTES,
  });

  const whip = createWhipEndpoint(manager);
  metrics.readGaugesFrom(() => manager.counts());

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    res.setHeader('x-request-id', requestId(req));
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) return sendText(res, 200, 'OK');
    if (path === '/metrics' && req.method === 'GET') {
      void metrics.render().then(
        (text) => sendText(res, 200, text, { 'Content-Type': metrics.contentType }),
        () => sendText(res, 503, 'metrics unavailable'),
      );
      return;
    }
    if (path === '/rtc/validate') {
      validate(req, url.searchParams)
        .then(() => sendText(res, 200, 'success'))
        .catch((err: unknown) => {
          const e = err instanceof HttpError ? err : new HttpError(500, 'internal error');
          sendText(res, e.status, e.message);
        });
      return;
    }
    if (whip.matches(path)) return whip.serve(req, res, path);
    if (path.startsWith(TWIRP_PREFIX) && isTwirpService(path.slice(TWIRP_PREFIX.length))) {
      void handleTwirp(path.slice(TWIRP_PREFIX.length), req, res, manager, egress);
      return;
    }
    // `/rtc`, `/rtc/v1` (not upgrades) and everything else.
    sendText(res, 404, 'not found');
  });

  async function validate(req: IncomingMessage, query: URLSearchParams) {
    const token = extractToken(req.headers.authorization, query);
    return authorizeJoin(token, keys);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== '/rtc') return refuseUpgrade(socket, 404, 'not found');
    validate(req, url.searchParams)
      .then((grant) => {
        wss.handleUpgrade(req, socket, head, (ws) => {
          log.debug('signal_connected', {
            reqId: requestId(req),
            identity: grant.identity,
            room: grant.room,
          });
          runSignalSession(ws, grant, url.searchParams, manager);
        });
      })
      .catch((err: unknown) => {
        const e = err instanceof HttpError ? err : new HttpError(500, 'internal error');
        // The client learns the reason from /rtc/validate; a non-101 status is what matters here.
        refuseUpgrade(socket, e.status, e.message);
      });
  });

  server.on('close', () => {
    wss.close();
    whip.close();
  });
  return server;
}

function refuseUpgrade(socket: Duplex, status: number, body: string): void {
  const reason =
    status === 404 ? 'Not Found' : status === 401 ? 'Unauthorized' : status === 400 ? 'Bad Request' : 'Error';
  const headers = Object.entries({
    ...CORS_HEADERS,
    'Content-Type': 'text/plain',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n\r\n${body}`);
}

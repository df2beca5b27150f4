import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createProxyServer } from 'http-proxy-3';
import type { TrustProxy } from '../env.ts';
import { createAddressCounter } from './client-caps.ts';

/**
 * What livekit-client asks the media server for, and all that is forwarded: the signalling socket and its
 * validation, in both protocol versions. The path is compared as the client sent it, byte for byte: a dot
 * segment (`/rtc/../metrics`), an escaped one (`%2e%2e`, `%252e`), a backslash or a doubled slash, all of
 * which the media server's URL parser would resolve to another of its routes, is simply not one of these.
 */
const MEDIA_PATHS: ReadonlySet<string> = new Set(['/rtc', '/rtc/validate', '/rtc/v1', '/rtc/v1/validate']);
/** Everything under `/rtc`: what is not forwarded there is refused here, not passed to another handler. */
const UNDER_RTC = /^\/rtc(?:[/?\\%.]|$)/i;
const pathOf = (url: string | undefined): string => (url ?? '').split('?')[0] ?? '';
export const isMediaPath = (url: string | undefined): boolean => MEDIA_PATHS.has(pathOf(url));

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface MediaProxyOptions {
  /** The media server's HTTP origin. */
  target: string;
  /** Whose forwarding headers name the client (the same rule as `request.ip`). */
  trustProxy: TrustProxy;
  /** Media sockets one address may hold open at once; the next upgrade is refused with 429. */
  socketsPerAddress: number;
  /** Told how to count the open media sockets (metrics). */
  countSockets?: (count: () => number) => void;
}

/** The client's address for a raw upgrade request, by the same TRUST_PROXY rule Fastify applies to requests. */
const clientAddress = (trust: TrustProxy) => {
  const rule =
    trust === false
      ? () => false
      : typeof trust === 'number'
        ? (_address: string, hop: number) => hop < trust
        : proxyAddr.compile(trust);
  return (req: IncomingMessage): string => proxyAddr(req, rule);
};

const tooMany = (socket: Duplex) => {
  const body = JSON.stringify({
    error: { code: 'too_many_connections', message: 'Too many open media connections from this address' },
  });
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
};

const unavailable = JSON.stringify({
  error: { code: 'media_unavailable', message: 'The media server is not reachable' },
});
const notMedia = JSON.stringify({ error: { code: 'not_found', message: 'Not found' } });

const refuseUpgrade = (socket: Duplex) => {
  socket.end(
    `HTTP/1.1 404 Not Found\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(notMedia)}\r\nconnection: close\r\n\r\n${notMedia}`,
  );
};

/**
 * The embedded media server behind the site's own origin: browsers open `/rtc` here and it is passed through
 * to apps/media unchanged. Upgrades are piped as raw sockets (not re-framed by a second WebSocket), so a refused
 * upgrade reaches the browser as the media server's own status: livekit-client needs the 404 on `/rtc/v1` to
 * fall back to `/rtc`, and a 401 to ask `/rtc/validate` why. Each client address may hold only so many media
 * sockets (a viewer token is free to get, so a script could otherwise open thousands of sessions).
 */
export const installMediaProxy = (app: FastifyInstance, opts: MediaProxyOptions): void => {
  const proxy = createProxyServer({ target: opts.target, xfwd: true });
  // http-proxy re-emits a browser socket's own error (a reset, a write to a socket already gone: ECONNRESET,
  // EPIPE) as the proxy's 'error' event and throws it when nothing listens, which took the whole API down.
  // That browser is gone: drop its connection, keep serving everyone else.
  proxy.on('error', (err, _req, target) => {
    app.log.info(
      { err: { code: (err as NodeJS.ErrnoException).code, message: err.message } },
      'media proxy: connection lost',
    );
    if (target && 'destroy' in target && typeof target.destroy === 'function') target.destroy();
  });
  const upgraded = new Set<Duplex>();
  const addressOf = clientAddress(opts.trustProxy);
  const perAddress = createAddressCounter(opts.socketsPerAddress);
  opts.countSockets?.(() => upgraded.size);

  const web = (request: FastifyRequest, reply: FastifyReply) => {
    // The router matched `/rtc/*` on a decoded path; what is forwarded is the raw one, so it is checked here.
    if (!isMediaPath(request.raw.url)) return reply.status(404).type('application/json').send(notMedia);
    reply.hijack();
    const res: ServerResponse = reply.raw;
    proxy.web(request.raw, res, {}, (err) => {
      request.log.warn({ err }, 'media proxy: request failed');
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' }).end(unavailable);
    });
  };
  // Only bodiless methods: Fastify would already have read a body, and the media server serves none here.
  for (const url of ['/rtc', '/rtc/*']) app.route({ method: ['GET', 'HEAD', 'OPTIONS'], url, handler: web });

  // @fastify/websocket answers every upgrade through Fastify's router (and closes those it has no handler
  // for), so media upgrades are taken off before it: one dispatcher in front of the listeners installed so far.
  app.addHook('onReady', async () => {
    const server = app.server;
    const others = server.listeners('upgrade') as UpgradeListener[];
    server.removeAllListeners('upgrade');
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!isMediaPath(req.url)) {
        if (UNDER_RTC.test(req.url ?? '')) return refuseUpgrade(socket);
        for (const listener of others) listener.call(server, req, socket, head);
        return;
      }
      const release = perAddress.acquire(addressOf(req));
      if (!release) return tooMany(socket);
      upgraded.add(socket);
      socket.once('close', () => {
        upgraded.delete(socket);
        release();
      });
      proxy.ws(req, socket, head, {}, (err) => {
        app.log.warn({ err }, 'media proxy: upgrade failed');
        socket.destroy();
      });
    });
  });
  // Piped sockets are not HTTP connections any more: close them, or the server's close would wait on them.
  app.addHook('preClose', async () => {
    for (const socket of upgraded) socket.destroy();
  });
};

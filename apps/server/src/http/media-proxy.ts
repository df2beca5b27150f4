import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createProxyServer } from 'http-proxy-3';

/** What livekit-client asks the media server for: `/rtc`, `/rtc/validate`, `/rtc/v1`, `/rtc/v1/validate`. */
const MEDIA_PATH = /^\/rtc(?:[/?]|$)/;
export const isMediaPath = (url: string | undefined): boolean => MEDIA_PATH.test(url ?? '');

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

const unavailable = JSON.stringify({
  error: { code: 'media_unavailable', message: 'The media server is not reachable' },
});

/**
 * The embedded media server behind the site's own origin: browsers open `/rtc` here and it is passed through
 * to apps/media unchanged. Upgrades are piped as raw sockets (not re-framed by a second WebSocket), so a refused
 * upgrade reaches the browser as the media server's own status: livekit-client needs the 404 on `/rtc/v1` to
 * fall back to `/rtc`, and a 401 to ask `/rtc/validate` why.
 */
export const installMediaProxy = (app: FastifyInstance, target: string): void => {
  const proxy = createProxyServer({ target, xfwd: true });
  const upgraded = new Set<Duplex>();

  const web = (request: FastifyRequest, reply: FastifyReply) => {
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
        for (const listener of others) listener.call(server, req, socket, head);
        return;
      }
      upgraded.add(socket);
      socket.once('close', () => upgraded.delete(socket));
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

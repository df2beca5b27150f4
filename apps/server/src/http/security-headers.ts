import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../env.ts';

type CspConfig = Pick<AppConfig, 'livekit' | 'publicOrigin' | 'chain'> & Partial<Pick<AppConfig, 's3'>>;

/** `'sha256-…'` sources for the inline scripts of the built index.html (the palette script runs before paint). */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );

const socketScheme = (url: URL) => (url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:');
const httpScheme = (url: URL) => (url.protocol === 'https:' || url.protocol === 'wss:' ? 'https:' : 'http:');

/**
 * Origins the browser itself connects to besides ours: an external LiveKit (WebSocket signalling plus HTTP(S)
 * for /rtc/validate) and the chain RPC that trades and tips read through. Market data goes through our API.
 */
export const connectSources = (config: CspConfig): string[] => {
  const own = new URL(config.publicOrigin);
  const sources = [`${socketScheme(own)}//${own.host}`];
  const media = new URL(config.livekit.url);
  if (media.host !== own.host) {
    sources.push(`${socketScheme(media)}//${media.host}`, `${httpScheme(media)}//${media.host}`);
  }
  const rpc = new URL(config.chain.publicRpcUrl);
  if (rpc.host !== own.host) sources.push(rpc.origin);
  return [...new Set([...sources, ...storeSources(config)])];
};

/**
 * With an S3 store (decision 035): replays are redirected to presigned URLs on its endpoint, and hls.js fetches
 * the HTTP tier's playlist and segments from its public URL (a CDN): players load media from both.
 */
export const storeSources = (config: Partial<Pick<AppConfig, 's3'>>): string[] =>
  config.s3 ? [...new Set([new URL(config.s3.endpoint).origin, new URL(config.s3.publicUrl).origin])] : [];

/**
 * The headers helmet sets for `options`, computed once. Every one of ours is the same on every response (no
 * per-request nonce), so there is no need to run helmet per request: @fastify/helmet built helmet's middleware
 * (parsing the whole CSP) on every request, a seventh of the cost of a cached home-feed answer (issue 36).
 */
export const staticHelmetHeaders = (options: HelmetOptions): [string, string][] => {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let error: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    error = err;
  });
  if (error) throw error;
  return [...headers];
};

/** Paths of the embeddable player page, `/embed/{mint}` (query string allowed). */
export const isEmbedPage = (url: string): boolean => /^\/embed\/[^/?#]+(?:[?#]|$)/.test(url);

/** Paths of the OBS overlay pages, `/overlay/{key}/{kind}` (issue 34, decision 031). */
export const isOverlayPage = (url: string): boolean => /^\/overlay\/[^/?#]+\/[^/?#]+(?:[?#]|$)/.test(url);

/**
 * Helmet's headers with a Content-Security-Policy that allows exactly what the app uses: scripts from our
 * origin (inline ones only by hash), token images over https, media and realtime sockets on our origin or the
 * configured LiveKit, the chain RPC, no plugins, and no framing by any site. The wallet is an injected
 * extension (EIP-1193 / EIP-6963 in the page), so it needs no source of its own. Set on every request, as
 * @fastify/helmet did, but from a list computed at start-up.
 */
export const installSecurityHeaders = async (
  app: FastifyInstance,
  config: CspConfig,
  indexHtml: string,
): Promise<void> => {
  const self = "'self'";
  const https = new URL(config.publicOrigin).protocol === 'https:';
  const headersFor = (frameAncestors: string[]) =>
    staticHelmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: [self],
          scriptSrc: [self, ...inlineScriptHashes(indexHtml)],
          // Libraries inject <style> elements and style attributes at run time.
          styleSrc: [self, "'unsafe-inline'"],
          imgSrc: [self, 'data:', 'blob:', 'https:'],
          fontSrc: [self, 'data:'],
          connectSrc: [self, ...connectSources(config)],
          mediaSrc: [self, 'blob:', ...storeSources(config)],
          workerSrc: [self, 'blob:'],
          objectSrc: ["'none'"],
          baseUri: [self],
          formAction: [self],
          frameAncestors,
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // X-Frame-Options cannot name "any site": where framing is allowed, frame-ancestors alone says so.
      frameguard: frameAncestors.includes("'none'")
        ? { action: 'deny' }
        : frameAncestors.includes(self)
          ? { action: 'sameorigin' }
          : false,
      // HSTS only means something over https; on a local http origin it would only confuse.
      strictTransportSecurity: https,
      // Wallet extensions and the token images of other sites are cross-origin: keep the browser defaults.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
  const headers = headersFor(["'none'"]);
  // `/embed/{mint}` (issue 35) is the one page other sites may frame: the player, for their pages.
  const embedHeaders = headersFor(['*']);
  // The OBS overlays (`/overlay/{key}/{kind}`, decision 031) load in OBS's browser source (not a frame) and in
  // the cockpit's preview, an iframe of our own origin: our pages may frame them, other sites may not.
  const overlayHeaders = headersFor([self]);
  const headersOf = (url: string) =>
    isEmbedPage(url) ? embedHeaders : isOverlayPage(url) ? overlayHeaders : headers;
  // A callback hook (not async): one promise less per request.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersOf(request.url)) reply.raw.setHeader(name, value);
    done();
  });
};

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FIRST_VIEW_DATA_ID, type TStream, ZStreamLookup } from '@mintcast/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FirstViewRenderer } from './first-view.ts';
import { withShareTags } from './share-meta.ts';

/** Client routes whose first view the web build pre-renders (apps/web/prerender.ts): path → file name. */
const PRERENDERED: Record<string, string> = { '/': 'home' };

/**
 * The page for `url`: index.html, with the build's pre-rendered first view of that screen inside #root when
 * there is one (decision 017: the page paints before its JavaScript has loaded).
 */
export const createPageHtml = (webDist: string, indexHtml: string) => {
  const pages = new Map<string, string>();
  for (const [route, name] of Object.entries(PRERENDERED)) {
    const file = path.join(webDist, 'prerender', `${name}.html`);
    if (!existsSync(file)) continue;
    pages.set(
      route,
      indexHtml.replace('<div id="root"></div>', () => `<div id="root">${readFileSync(file, 'utf8')}</div>`),
    );
  }
  return (url: string): string => pages.get(url.split('?')[0] ?? '') ?? indexHtml;
};

/**
 * A `<script type="application/json">` data block (inert: the CSP has no say over it). `<`, `>` and `&` are
 * written as JSON escapes, so no text in the data — a stream named `</script><script>…` — can end the element.
 */
export const jsonDataBlock = (id: string, value: unknown): string => {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${id}">${json}</script>`;
};

/** `html` with `view` (a pre-rendered first view, if any) inside #root and `after` right after it. */
const withRoot = (html: string, view: string | null, after: string): string =>
  html.replace(
    '<div id="root"></div>',
    () => `<div id="root">${view ? `<div data-prerendered inert>${view}</div>` : ''}</div>${after}`,
  );

/**
 * A stream page (decision 017): its share tags, its first view pre-rendered with the stream's record, and the
 * record itself as a JSON data block (`{ stream }`, as `GET /api/streams/:mint/lookup` answers) that the app
 * seeds its cache from, so React's first render is the same view. An NSFW stream's first view is not
 * pre-rendered: it depends on whether this visitor already confirmed (stored in the browser).
 */
export const streamPageHtml = async (
  indexHtml: string,
  stream: TStream,
  opts: { origin: string; renderer: FirstViewRenderer | null },
): Promise<string> => {
  const lookup = ZStreamLookup.parse({ stream });
  const rendered =
    opts.renderer && !stream.is_nsfw
      ? await opts.renderer.render(`/livestream/${stream.mint}`, lookup)
      : null;
  // Only markup React wrote (which escapes text) is sent; the CSP allows no script in it anyway.
  const view = rendered && !/<script/i.test(rendered) ? rendered : null;
  return withRoot(
    withShareTags(indexHtml, stream, opts.origin),
    view,
    jsonDataBlock(FIRST_VIEW_DATA_ID, lookup),
  );
};

const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();

/**
 * Send an HTML page brotli- or gzip-compressed when the browser accepts it (the built files have their .br/.gz
 * on disk; the pages are composed here). The few fixed pages are compressed once; a stream page (its share
 * tags) each time, at a quick brotli level.
 */
export const sendHtml = (request: FastifyRequest, reply: FastifyReply, html: string, fixed: boolean) => {
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  if (!encoding) return reply.send(html);
  let bodies = fixed ? compressed.get(html) : undefined;
  if (!bodies) {
    const quality = fixed ? constants.BROTLI_MAX_QUALITY : 5;
    const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    bodies = { br, gzip: gzipSync(html) };
    if (fixed) compressed.set(html, bodies);
  }
  return reply.header('content-encoding', encoding).send(bodies[encoding]);
};

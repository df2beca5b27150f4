import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RENDER_WORKER } from './first-view.ts';

/** Where the build puts its content-hashed files (scripts, styles, fonts), served immutable. */
export const ASSETS_PREFIX = '/assets/';

/** A GET or HEAD of one of the build's hashed files. */
export const isBuildAsset = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith(ASSETS_PREFIX);

/**
 * Serve the built SPA: hashed assets cached for a year (brotli or gzip when built so), everything else revalidated,
 * and any unknown non-API GET answered with index.html so client routes survive a reload.
 */
export const serveSpa = async (app: FastifyInstance, webDist: string): Promise<boolean> => {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br/.gz beside text files (apps/web/precompress.ts): sent when the browser accepts them.
    preCompressed: true,
    // The build's render worker (first-view.ts) runs here; it is not a file for browsers.
    allowedPath: (pathName) => !pathName.startsWith(`/${path.dirname(RENDER_WORKER)}/`),
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
};

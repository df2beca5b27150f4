import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../http/errors.ts';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; players ask for one at a time). */
export const parseRange = (
  header: string,
  size: number,
): { start: number; end: number } | 'invalid' | undefined => {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return 'invalid';
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return 'invalid';
  if (a === '') {
    const n = Number(b);
    if (n === 0) return 'invalid';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
};

/**
 * Sends a file with HTTP Range support (206 Partial Content), which is what lets a `<video>` seek without
 * downloading everything before the new position. `path` comes from our own rows, never from the request.
 */
export const sendRangeFile = async (
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  contentType: string,
): Promise<FastifyReply> => {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw notFound('Recording file not found');
  const size = info.size;
  reply.header('accept-ranges', 'bytes').header('content-type', contentType);
  // Replays are public, but a deleted one must stop playing soon: a short cache.
  reply.header('cache-control', 'public, max-age=60');
  reply.header('last-modified', info.mtime.toUTCString());
  const header = request.headers.range;
  const range = header ? parseRange(header, size) : undefined;
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${size}`);
    throw new AppError(416, 'range_not_satisfiable', 'Requested range not satisfiable');
  }
  if (!range) {
    reply.header('content-length', size);
    return reply.status(200).send(request.method === 'HEAD' ? undefined : createReadStream(path));
  }
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range.end - range.start + 1);
  return reply
    .status(206)
    .send(
      request.method === 'HEAD' ? undefined : createReadStream(path, { start: range.start, end: range.end }),
    );
};

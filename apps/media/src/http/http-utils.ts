import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What an incoming x-request-id must look like to be kept (the API server's rule). */
const REQUEST_ID = /^[\w.:-]{1,128}$/;
const requestIds = new WeakMap<IncomingMessage, string>();

/** The request's id: a proxy's `x-request-id` when it looks like one, else a new one (stable per request). */
export function requestId(req: IncomingMessage): string {
  let id = requestIds.get(req);
  if (!id) {
    const given = req.headers['x-request-id'];
    id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    requestIds.set(req, id);
  }
  return id;
}

/** Go LiveKit runs behind a permissive CORS layer; browsers need it for `/rtc/validate`. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'OPTIONS, HEAD, GET, POST, PATCH, DELETE',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Max-Age': '86400',
};

export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

/** JSON with Content-Type exactly `application/json` (the server SDK's Twirp check is strict). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const MAX_BODY_BYTES = 1 << 20;

/** A request body over `MAX_BODY_BYTES`: refused without reading the rest. */
export class BodyTooLargeError extends Error {
  constructor() {
    super('request body is larger than 1 MiB');
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

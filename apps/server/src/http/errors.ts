import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodError } from 'zod/v4/core';

/** The one error type of the server: an HTTP status, a stable code and a user-facing message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Sign in required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message = 'Too many requests, slow down') =>
  new AppError(429, 'rate_limited', message);

const zodMessage = (err: $ZodError): string => {
  const first = err.issues[0];
  if (!first) return 'Invalid request';
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  return `${where}${first.message}`;
};

/**
 * Errors Fastify raises before routing (a malformed URL such as `/api/streams/%`), which bypass the error
 * handler: pass as the `frameworkErrors` option so they get the same shape.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request';
  reply.status(status).send({ error: { code: 'bad_request', message } });
};

/**
 * What Node's HTTP parser refuses before there is a request (headers over 16 KB, a malformed request line or
 * header, a request too slow to arrive): Fastify's default answers `{"error":"Bad Request",…}`, another shape
 * than every other error. Pass as the `clientErrorHandler` option.
 */
export const clientErrors = (err: NodeJS.ErrnoException, socket: Socket): void => {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'Request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive']
        : [400, 'bad_request', 'Malformed HTTP request'];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
};

/** Map every failure to `{ error: { code, message } }`; never a stack trace to a client. */
export const installErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((err: FastifyError | AppError | $ZodError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      });
    }
    // Classic and mini zod schemas both throw a $ZodError subclass.
    if (err instanceof $ZodError) {
      return reply.status(400).send({ error: { code: 'invalid_request', message: zodMessage(err) } });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'payload_too_large'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : 'bad_request';
      const message =
        code === 'payload_too_large'
          ? 'Request body is too large'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
            ? 'Malformed JSON body'
            : err.message;
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: `Something went wrong (request ${request.id})` } });
  });
};

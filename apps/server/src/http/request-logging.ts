import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Request lines at `debug`: at the default `info` a busy site wrote two lines per request (every poll, every
 * page asset), burying the lines an operator reads, which stay at `info` and above: state changes (a stream
 * live, a ban, a restart) and errors. A request that failed with a 5xx is still logged at `error` (Fastify's
 * "request errored"), and 4xx answers from the error handler at `debug` too: they are the client's mistake.
 * Set LOG_LEVEL=debug to see every request again. Passed as Fastify's `logController`.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, error?.message);
    else reply.log.debug({ res: reply, err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}

import type { preHandlerAsyncHookHandler } from 'fastify';

/** The only identity the server uses: the address proven by a signed-in session. */
export interface RequestSession {
  address: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession` (or `optionalSession`); null when the request carries no valid session. */
    session: RequestSession | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token; fills `request.session`. */
    requireSession: preHandlerAsyncHookHandler;
    /** preHandler: fills `request.session` when a valid access token is present, never fails. */
    optionalSession: preHandlerAsyncHookHandler;
  }
}

import swagger from '@fastify/swagger';
import { ZApiError } from '@mintcast/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { webhookDocs } from '../webhooks/webhook-docs.ts';

/** What one route declares: its inputs and its answers, all zod contracts from @mintcast/contracts. */
export interface RouteDoc {
  summary?: string;
  tags?: string[];
  params?: $ZodType;
  querystring?: $ZodType;
  body?: $ZodType;
  /** Request body media types other than JSON (a picture, a webhook). */
  consumes?: string[];
  /**
   * A credential other than the session (a stream key, the metrics token). Routes behind `requireSession` get
   * the session scheme without saying so (see `needsSession`).
   */
  security?: Record<string, string[]>[];
  /**
   * Status → body (or `{ content: { type: { schema } } }` for non-JSON bodies). Error statuses are added: every
   * route answers them as `{ error: { code, message } }`.
   */
  response: Record<
    number,
    $ZodType | { description?: string; content: Record<string, { schema: $ZodType }> }
  >;
}

/**
 * A route's `schema` option. Inputs are still parsed in the handlers with these same contracts (after the
 * session check, as before: a request without a session is a 401 whatever its body); the schema drives the
 * OpenAPI document and, in tests, the check of every JSON response against its contract.
 */
export const routeSchema = (doc: RouteDoc): FastifySchema => ({
  ...doc,
  response: { ...doc.response, '4xx': ZApiError, '5xx': ZApiError },
});

/**
 * Documented: the JSON API under `/api/`, the operators' `/metrics` and WHIP ingest (`/whip/{mint}`, SDP bodies,
 * RFC 9725). Left out: the document itself, the realtime WebSocket (its messages are the ZRealtimeEvent union),
 * the media signalling proxy (/rtc, the LiveKit protocol) and the web app's files.
 */
const documented = (url: string) =>
  (url.startsWith('/api/') && url !== '/api/docs' && url !== '/api/realtime') ||
  url === '/metrics' ||
  url.startsWith('/whip/');
const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * `GET /api/docs`: the OpenAPI 3.1 document generated from every route's zod schema. Install before any route:
 * the document is built from the routes registered after it.
 *
 * `checkResponses` (tests): a JSON response that does not match its route's contract is an error (a 500 the
 * test sees) instead of being sent; in production bodies are only serialized.
 */
export const installApiDocs = async (
  app: FastifyInstance,
  opts: { publicOrigin: string; checkResponses: boolean },
) => {
  // Inputs are parsed by the handlers (see routeSchema), so the framework's validation step passes them on.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(({ schema, url, method }) => (data) => {
    if (opts.checkResponses) {
      const result = safeParse(schema as unknown as $ZodType, data);
      if (!result.success)
        throw new Error(
          `${method} ${url}: response does not match its contract: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
        );
    }
    return JSON.stringify(data);
  });

  // Which operations need a session: the auth plugin's route table (`requiresSession`), the list the
  // authorization matrix test checks with requests, so the document and the behaviour cannot disagree.
  const needsSession = (url: string, methods: string[]): boolean =>
    (app as Partial<Pick<FastifyInstance, 'registeredRoutes'>>).registeredRoutes?.some(
      (r) => r.url === url && methods.includes(r.method) && r.requiresSession,
    ) ?? false;

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mintcast API',
        version: '1',
        description:
          'Live streams of BNB Smart Chain tokens. Errors are `{ "error": { "code", "message" } }`.',
      },
      servers: [{ url: opts.publicOrigin }],
      // What creators' webhook endpoints receive (issue 35 item 6).
      webhooks: webhookDocs(),
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // WHIP: the stream key (RFC 9725 Bearer); /metrics: METRICS_TOKEN.
          streamKey: { type: 'http', scheme: 'bearer' },
          metricsToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: (input) => {
      if (!documented(input.url)) return { schema: { hide: true }, url: input.url };
      const out = zodTransform(input);
      return needsSession(input.url, [input.route.method].flat())
        ? { ...out, schema: { ...out.schema, security: [{ session: [] }] } }
        : out;
    },
    hideUntagged: false,
  });

  app.get('/api/docs', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
};

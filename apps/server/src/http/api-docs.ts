import swagger from '@fastify/swagger';
import { ZApiError } from '@mintcast/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';

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
 * Only `/api/*` is the JSON API. Left out: the document itself, the realtime WebSocket (its messages are the
 * ZRealtimeEvent union), and what is not under /api — /metrics, the media signalling proxy (/rtc), WHIP ingest
 * (SDP bodies, RFC 9725) and the web app's files.
 */
const documented = (url: string) => url.startsWith('/api/') && url !== '/api/docs' && url !== '/api/realtime';
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
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: (route) =>
      documented(route.url) ? zodTransform(route) : { schema: { hide: true }, url: route.url },
    hideUntagged: false,
  });

  app.get('/api/docs', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
};

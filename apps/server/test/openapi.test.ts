import { ZStreamCounts } from '@mintcast/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installApiDocs, routeSchema } from '../src/http/api-docs.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testConfig } from './support/test-config.ts';

/**
 * The API document closes itself like the authorization matrix: routes come from the app's own route table, so a
 * route added without its schema fails here.
 */
let t: TestApp;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};
interface Operation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}

/** Routes that are not a JSON API operation, and why. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /api/docs': 'the document itself',
  'GET /api/realtime': 'a WebSocket (its messages are the ZRealtimeEvent union, not an HTTP response)',
};
/** Methods answered by Fastify itself for another route (HEAD of a GET). */
const IMPLIED = new Set(['HEAD']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Writes whose request carries no body: the path says everything. */
const BODYLESS_WRITES = new Set([
  'POST /api/streams/:mint/ensure',
  'POST /api/auth/logout',
  'POST /api/streams/:mint/chat/clear',
  'POST /api/streams/:mint/ingest/key',
  'POST /api/streams/:mint/overlays/key',
  'POST /api/streams/:mint/like',
  'POST /api/streams/:mint/subscribe',
  'PUT /api/streams/:mint/moderators/:address',
  'PUT /api/streams/:mint/bans/:address',
  'PUT /api/streams/:mint/schedule/reminder',
  'POST /api/webhooks/:id/test',
]);

beforeAll(async () => {
  // With the embedded media server's routes (WHIP, the /rtc proxy): nothing is asked of it here.
  t = await createTestApp({ livekit: { ...testConfig().livekit, proxyTarget: 'http://127.0.0.1:9' } });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

const apiRoutes = () =>
  t.app.registeredRoutes
    .filter((r) => r.url.startsWith('/api/') && !IMPLIED.has(r.method))
    .filter((r) => !NOT_DOCUMENTED[`${r.method} ${r.url}`]);
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/docs (OpenAPI 3.1 from the zod contracts)', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('has every API route with its path parameters, query, body and a success response schema', () => {
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${key}: missing`);
        continue;
      }
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name && p.schema))
          problems.push(`${key}: path parameter ${name} has no schema`);
      }
      if (BODY_METHODS.has(route.method) && !BODYLESS_WRITES.has(key)) {
        const bodies = Object.values(op.requestBody?.content ?? {});
        if (bodies.length === 0 || bodies.some((b) => !b.schema))
          problems.push(`${key}: no request body schema`);
      }
      const success = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
      if (success.length === 0) problems.push(`${key}: no success response`);
      for (const [status, response] of success) {
        if (status === '204') continue;
        const bodies = Object.values(response.content ?? {});
        if (bodies.length === 0 || bodies.some((b) => !b.schema))
          problems.push(`${key}: response ${status} has no schema`);
      }
      if (!op.responses['4XX'] && !op.responses['4xx'])
        problems.push(`${key}: error response not documented`);
    }
    expect(problems).toEqual([]);
  });

  it('documents queries with their fields (limit and cursor of the stream list)', () => {
    const list = doc.paths['/api/streams']?.get;
    const names = list?.parameters?.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['limit', 'cursor', 'live']));
  });

  it('documents the error shape { error: { code, message } }', () => {
    const error = doc.paths['/api/streams/{mint}']?.get?.responses['4XX'] as {
      content: Record<string, { schema: { properties: { error: { required: string[] } } } }>;
    };
    expect(error.content['application/json']?.schema.properties.error.required).toEqual(['code', 'message']);
  });

  it('has, beside the JSON API, /metrics and WHIP ingest with their own bearer; not media signalling or the web app', () => {
    expect(
      Object.keys(doc.paths)
        .filter((p) => !p.startsWith('/api/'))
        .sort(),
    ).toEqual(['/metrics', '/whip/{mint}', '/whip/{mint}/{session}']);
    const whip = doc.paths['/whip/{mint}']?.post;
    expect(Object.keys(whip?.requestBody?.content ?? {})).toEqual(['application/sdp']);
    expect(Object.keys(whip?.responses['201']?.content ?? {})).toEqual(['application/sdp']);
    expect(whip?.security).toEqual([{ streamKey: [] }]);
    expect(doc.paths['/whip/{mint}/{session}']?.patch?.security).toEqual([{ streamKey: [] }]);
    expect(doc.paths['/whip/{mint}/{session}']?.delete?.security).toEqual([{ streamKey: [] }]);
    expect(doc.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'metricsToken',
      'session',
      'streamKey',
    ]);
  });

  // The same route table the authorization matrix sends its 401 requests from: a route behind requireSession
  // cannot be added without the document saying it needs one.
  it('declares the session bearer on exactly the operations that require a session', () => {
    const problems: string[] = [];
    const required = apiRoutes().filter((r) => r.requiresSession);
    expect(required.length).toBeGreaterThan(20);
    for (const route of apiRoutes()) {
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const declared = JSON.stringify(op?.security ?? []) === JSON.stringify([{ session: [] }]);
      if (declared !== route.requiresSession)
        problems.push(
          `${route.method} ${route.url}: requiresSession ${route.requiresSession}, security ${JSON.stringify(op?.security)}`,
        );
    }
    expect(problems).toEqual([]);
  });
});

describe('response contracts in tests', () => {
  const appWith = async (checkResponses: boolean) => {
    const app = Fastify();
    await installApiDocs(app, { publicOrigin: 'http://localhost:3000', checkResponses });
    app.get('/api/wrong', { schema: routeSchema({ response: { 200: ZStreamCounts } }) }, async () => ({
      likes: 'many',
    }));
    await app.ready();
    return app;
  };

  it('a JSON response that breaks its contract fails the request while testing, and is sent as is otherwise', async () => {
    const checked = await appWith(true);
    expect((await checked.inject({ method: 'GET', url: '/api/wrong' })).statusCode).toBe(500);
    await checked.close();
    const unchecked = await appWith(false);
    const res = await unchecked.inject({ method: 'GET', url: '/api/wrong' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ likes: 'many' });
    await unchecked.close();
  });
});

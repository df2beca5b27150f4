import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { nastyPathSegment, nastyPayload, nastyQuery } from './support/fuzz-values.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * Property-based fuzzing of every API route, found from the app's own route table (like the authorization
 * matrix), so a new route is fuzzed without being listed. Each route gets generated path parameters, query
 * strings, bodies and content types, signed in or not. Whatever comes in, the answer is below 500, in the
 * error shape when it is an error, and says nothing about our stack or SQL; the server still answers after.
 *
 * `npm test` runs a fixed seed and few runs; `npm run fuzz` runs many more (FUZZ_RUNS, FUZZ_SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes whose 503 (with their own status body) is the documented answer while an outside part is down. */
const OUTSIDE_DEPENDENT: Record<string, string> = {
  'GET /api/ready': 'readiness: 503 naming the media server, which this test does not start',
};
/** Text that only a stack trace or a database error would put in a body. */
const LEAKS = [
  /\n\s+at .+:\d+/,
  /node_modules/,
  /\.ts:\d+/,
  /syntax error at or near/i,
  /invalid input syntax/i,
  /violates .* constraint/i,
  /relation "/i,
  /out of range for type/i,
  /PGlite|postgres/i,
];

let t: TestApp;
let user: SignedIn;
let market: MarketStandin;
beforeAll(async () => {
  // Market data is a real outside service: its stand-in answers, so a 5xx could only be ours.
  market = await startMarketStandin();
  t = await createTestApp({ marketDataUrl: market.url });
  user = await signIn(t.app);
  // The mint the generator sometimes uses as a valid path parameter, created by the signed-in wallet.
  await createStream(t.database.db, {
    mint: '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f',
    creator_address: user.address,
    is_currently_live: true,
  });
});
afterAll(async () => {
  await t?.close();
  await market?.close();
});

const apiRoutes = () => t.app.registeredRoutes.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));

const who = fc.constantFrom<'user' | 'anonymous' | 'garbage'>('user', 'anonymous', 'garbage');

/** A request to `route` with generated parameters, query, body and identity. */
const requestFor = (method: string, url: string) =>
  fc
    .record({
      params: fc.array(nastyPathSegment(), { minLength: 4, maxLength: 4 }),
      query: nastyQuery(),
      body: nastyPayload(),
      who,
    })
    .map(({ params, query, body, who }): InjectOptions => {
      let i = 0;
      const path = url.replace(/:\w+/g, () => params[i++ % params.length] ?? 'x');
      const headers: Record<string, string> = {};
      if (who === 'user') headers.authorization = user.headers.authorization;
      if (who === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
      const withBody = BODY_METHODS.has(method) && body.payload !== undefined;
      if (withBody && body.contentType) headers['content-type'] = body.contentType;
      return {
        method: method as InjectOptions['method'],
        url: query ? `${path}?${query}` : path,
        headers,
        ...(withBody ? { payload: body.payload } : {}),
      };
    });

const checkAnswer = (
  route: string,
  req: InjectOptions,
  res: Awaited<ReturnType<TestApp['app']['inject']>>,
) => {
  const what = `${req.method} ${String(req.url).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  for (const leak of LEAKS) expect(res.body, what).not.toMatch(leak);
  if (OUTSIDE_DEPENDENT[route] && res.statusCode === 503) return; // its own status document
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    const { error } = res.json();
    expect(typeof error?.code, what).toBe('string');
    expect(typeof error?.message, what).toBe('string');
  }
};

describe(`fuzzing every API route (${databaseKind()}, ${RUNS} runs each, seed ${SEED})`, () => {
  it('finds the routes from the route table', () => {
    const keys = apiRoutes().map((r) => `${r.method} ${r.url}`);
    for (const known of ['GET /api/streams', 'POST /api/streams/:mint/messages', 'PUT /api/profile'])
      expect(keys).toContain(known);
  });

  it('answers every generated request below 500, in the error shape, without leaking internals', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const property = fc.asyncProperty(requestFor(route.method, route.url), async (req) => {
        checkAnswer(`${route.method} ${route.url}`, req, await t.app.inject(req));
      });
      // Every route is walked even when one fails, so a run reports all of them at once.
      const details = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
      if (details.failed) failures.push(`${route.method} ${route.url}: ${String(details.errorInstance)}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('still answers /api/health afterwards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

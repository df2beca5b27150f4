import { stringRuleOf } from '@mintcast/contracts';
import {
  hasPath,
  type InputPath,
  sampleInputs,
  stringLeaves,
  withValueAt,
} from '@mintcast/contracts/schema-walk';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
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

// ---------- Every string field of every route (issue 28) ----------

/**
 * Where the random fuzzing above samples, this walks: each route's declared params, query and body schemas
 * (from the route table) are walked to every string field, a valid input is built for each, and then one field
 * at a time gets NUL, every other C0 control, DEL and C1, bidi overrides and isolates, a lone surrogate, 10 MB,
 * and values of the wrong type. Each must be a 4xx in the error shape, never a 500; a free-text field must be
 * refused by its schema itself. A field added to any route is walked without being listed here.
 */
const FIELD_MINT = '0x5b1c8a2e9d3f4e7a6b0c9d8e7f6a5b4c3d2e1f0a';
/** Values a string field may accept, tried in order until its schema takes one (the valid input). */
const SAMPLE_STRINGS = [
  'Hello there',
  FIELD_MINT,
  '1',
  `0x${'ab'.repeat(32)}`,
  `stream-${FIELD_MINT}`,
  `0x${'11'.repeat(65)}`,
  'abc_def',
  'https://example.com/a.png',
  'AAAA',
  '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  `123456:${'A'.repeat(35)}`, // a Telegram bot token
  `B${'A'.repeat(86)}`, // a push subscription's P-256 key (65 bytes, base64url)
  'A'.repeat(22), // its auth secret (16 bytes)
  '2030-01-31T18:00:00Z', // a date-time (a scheduled broadcast)
  'example.com', // a domain (a chat's link allowlist)
  '50000000000000000', // 0.05 BNB in wei (a trade alert threshold)
];
const TEN_MB = 'x'.repeat(10 * 1024 * 1024);
const C0_AND_C1 = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u009b',
];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\ufeff'];

type Where = 'params' | 'querystring' | 'body';

/**
 * The hostile strings for a field: what its rule must refuse (tabs and line breaks are text in multiline). A
 * format (an address, a hash) refuses by its pattern whatever the character, so it gets NUL, ESC, DEL, C1 and
 * a bidi override only; free text gets every control character one by one.
 */
const hostileStrings = (rule: string | undefined, where: Where): string[] => {
  const isText = rule?.startsWith('text:');
  const controls = (isText ? C0_AND_C1 : ['\u001b', '\u007f', '\u0085']).filter(
    (c) => !(rule === 'text:multiline' && /[\t\n\r]/.test(c)),
  );
  const values = [
    '\u0000',
    ...controls.map((c) => `a${c}b`),
    ...(isText ? BIDI : ['\u202e']).map((c) => `gpj${c}.exe`),
    ...(rule === 'text:name' ? INVISIBLE.map((c) => `MI${c}NT`) : []),
    TEN_MB,
  ];
  // A URL carries UTF-8: a lone surrogate cannot be written in one.
  return where === 'body' ? [...values, 'a\ud800b'] : values;
};
const WRONG_TYPES: unknown[] = [123, true, ['a'], { a: 'b' }];

const encode = (v: string) => encodeURIComponent(v);
const queryString = (input: Record<string, unknown>): string =>
  Object.entries(input)
    .flatMap(([k, v]) =>
      v === undefined
        ? []
        : Array.isArray(v)
          ? v.map((x) => `${encode(k)}=${encode(String(x))}`)
          : [`${encode(k)}=${encode(String(v))}`],
    )
    .join('&');

interface FieldCase {
  label: string;
  request: InjectOptions;
  /** The route's schema for the mutated part and the mutated value: a text field's schema must refuse it. */
  mustRefuse?: { schema: $ZodType; input: unknown };
}

describe(`every string field of every route refuses hostile text (${databaseKind()})`, () => {
  let f: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    const key = generatePrivateKey();
    // Signed in as an admin who created the stream, so every route's access checks pass and the input reaches
    // the service (and the database) unless its schema refuses it.
    f = await createTestApp({ adminAddresses: [privateKeyToAccount(key).address.toLowerCase()] });
    admin = await signIn(f.app, { privateKey: key });
    await createStream(f.database.db, {
      mint: FIELD_MINT,
      creator_address: admin.address,
      is_currently_live: true,
    });
  });
  afterAll(async () => {
    await f?.close();
  });

  const routesWithInputs = () =>
    f.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && (r.schema?.params || r.schema?.querystring || r.schema?.body),
    );

  it('declares every string a route takes as a ZText or a named format', () => {
    const bare: string[] = [];
    for (const route of routesWithInputs())
      for (const where of ['params', 'querystring', 'body'] as const) {
        const schema = route.schema?.[where] as $ZodType | undefined;
        if (!schema) continue;
        for (const leaf of stringLeaves(schema))
          if (!stringRuleOf(leaf.schema))
            bare.push(`${route.method} ${route.url} ${where}.${leaf.path.join('.')}`);
      }
    expect(bare).toEqual([]);
  });

  /** One request per route, part, field and hostile value, from a valid input of that route. */
  const fieldCases = (): FieldCase[] => {
    const cases: FieldCase[] = [];
    const seen = new Set<string>();
    for (const route of routesWithInputs()) {
      const schemas = route.schema as Partial<Record<Where, $ZodType>>;
      const valid = Object.fromEntries(
        (['params', 'querystring', 'body'] as const).map((where) => [
          where,
          schemas[where] ? sampleInputs(schemas[where], SAMPLE_STRINGS) : [undefined],
        ]),
      ) as Record<Where, unknown[]>;
      const build = (parts: Record<Where, unknown>): InjectOptions => {
        const params = (parts.params ?? {}) as Record<string, string>;
        const path = route.url.replace(/:(\w+)/g, (_, name: string) => encode(String(params[name] ?? 'x')));
        const query = parts.querystring ? queryString(parts.querystring as Record<string, unknown>) : '';
        return {
          method: route.method as InjectOptions['method'],
          url: query ? `${path}?${query}` : path,
          headers: {
            ...admin.headers,
            ...(parts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(parts.body !== undefined ? { payload: JSON.stringify(parts.body) } : {}),
        };
      };
      for (const where of ['params', 'querystring', 'body'] as const) {
        const schema = schemas[where];
        if (!schema) continue;
        for (const sample of valid[where]) {
          for (const leaf of stringLeaves(schema)) {
            // A raw body (a webhook, a picture) is not JSON with fields: the random fuzzing covers it.
            if (leaf.path.length === 0 && where === 'body') continue;
            if (!hasPath(sample, leaf.path)) continue;
            const rule = stringRuleOf(leaf.schema);
            const values: unknown[] = [
              ...hostileStrings(rule, where),
              ...(where === 'body' ? WRONG_TYPES : where === 'querystring' ? [['1', '2']] : []),
            ];
            for (const value of values) {
              const label = `${route.method} ${route.url} ${where}.${leaf.path.join('.')} = ${JSON.stringify(value).slice(0, 40)}`;
              if (seen.has(label)) continue;
              seen.add(label);
              const input = withValueAt(sample, leaf.path as InputPath, value);
              const parts = {
                params: valid.params[0],
                querystring: valid.querystring[0],
                body: valid.body[0],
                [where]: input,
              } as Record<Where, unknown>;
              cases.push({
                label,
                request: build(parts),
                ...(rule?.startsWith('text:') ? { mustRefuse: { schema, input } } : {}),
              });
            }
          }
        }
      }
    }
    return cases;
  };

  it('answers each hostile value in each field with a 4xx in the error shape, and text schemas refuse it', async () => {
    const cases = fieldCases();
    // Report details, admin reasons and a tip's message were 500s (NUL in PostgreSQL): they must be walked.
    const labels = cases.map((c) => c.label);
    for (const expected of [
      'POST /api/reports body.details = "\\u0000"',
      'POST /api/admin/streams/:mint/end body.reason = "\\u0000"',
      'POST /api/streams/:mint/tips body.message = "\\u0000"',
      'POST /api/streams body.name = "gpj\u202e.exe"',
    ])
      expect(labels).toContain(expected);

    const failures: string[] = [];
    for (const c of cases) {
      if (c.mustRefuse) {
        const parsed = (
          c.mustRefuse.schema as unknown as { safeParse(v: unknown): { success: boolean } }
        ).safeParse(c.mustRefuse.input);
        if (parsed.success) failures.push(`${c.label}: the schema accepted it`);
      }
      const res = await f.app.inject(c.request);
      const ok =
        res.statusCode >= 400 &&
        res.statusCode < 500 &&
        /^application\/json/.test(String(res.headers['content-type'])) &&
        typeof res.json()?.error?.code === 'string' &&
        typeof res.json()?.error?.message === 'string';
      if (!ok) failures.push(`${c.label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(500);
  }, 600_000);

  it('still answers /api/health afterwards', async () => {
    const res = await f.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

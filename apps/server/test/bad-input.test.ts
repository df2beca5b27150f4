import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * The inputs an outside test found answered with 500 (or accepted when they should not be): each must be a
 * 400 with the API's error shape and a message that says what is wrong. The fuzz suite looks for more.
 */
let t: TestApp;
let user: SignedIn;
let mint: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t.app);
  mint = (await createStream(t.database.db, { creator_address: user.address })).mint;
});
afterAll(() => t?.close());

const NUL = '\u0000';
const cursorOf = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  payload?: () => object;
  /** Part of the error message a client is shown. */
  says: string;
}

const cases: Case[] = [
  {
    name: 'NUL in a stream name',
    method: 'POST',
    url: () => '/api/streams',
    payload: () => ({ mint: randomAddress(), name: `a${NUL}b`, symbol: 'NUL' }),
    says: 'name: Control characters are not allowed',
  },
  {
    name: 'NUL in a stream description',
    method: 'POST',
    url: () => '/api/streams',
    payload: () => ({ mint: randomAddress(), name: 'ok', symbol: 'OK', description: `x${NUL}` }),
    says: 'description: Control characters are not allowed',
  },
  {
    name: 'NUL in a stream link',
    method: 'POST',
    url: () => '/api/streams',
    payload: () => ({ mint: randomAddress(), name: 'ok', symbol: 'OK', website: `https://a.example/${NUL}` }),
    says: 'website: Control characters are not allowed',
  },
  {
    name: 'NUL in chat text',
    method: 'POST',
    url: () => `/api/streams/${mint}/messages`,
    payload: () => ({ content: `hi${NUL}there` }),
    says: 'content: Control characters are not allowed',
  },
  {
    name: 'NUL in search text',
    method: 'GET',
    url: () => '/api/streams/search?q=moon%00',
    says: 'q: Control characters are not allowed',
  },
  {
    name: 'NUL in a profile image URL',
    method: 'PUT',
    url: () => '/api/profile',
    payload: () => ({ profile_image: `https://a.example/${NUL}.png` }),
    says: 'profile_image: Control characters are not allowed',
  },
  {
    name: 'NUL in a cursor',
    method: 'GET',
    url: () => '/api/streams?cursor=%00',
    says: 'Invalid cursor',
  },
  {
    name: 'NUL inside a well-formed cursor',
    method: 'GET',
    url: () =>
      `/api/streams?cursor=${cursorOf({ live: true, createdAt: '2026-01-01T00:00:00.000Z', mint: NUL })}`,
    says: 'Invalid cursor',
  },
  {
    name: 'a cursor date past year 9999',
    method: 'GET',
    url: () =>
      `/api/streams?cursor=${cursorOf({ live: false, createdAt: '+275760-09-13T00:00:00.000Z', mint: randomAddress() })}`,
    says: 'Invalid cursor',
  },
  {
    name: 'a cursor date in year 0',
    method: 'GET',
    url: () =>
      `/api/streams?cursor=${cursorOf({ live: false, createdAt: '0000-01-01T00:00:00.000Z', mint: randomAddress() })}`,
    says: 'Invalid cursor',
  },
  {
    name: 'a message id past the bigint range in before=',
    method: 'GET',
    url: () => `/api/streams/${mint}/messages?before=9223372036854775808`,
    says: 'before: Invalid message id',
  },
  {
    name: 'a 19-digit message id past the bigint range in DELETE',
    method: 'DELETE',
    url: () => `/api/streams/${mint}/messages/9999999999999999999`,
    says: 'id: Invalid message id',
  },
  {
    name: 'a hexadecimal limit',
    method: 'GET',
    url: () => '/api/streams?limit=0x10',
    says: 'limit: Expected a whole number in decimal digits',
  },
  {
    name: 'an exponent in a chat history limit',
    method: 'GET',
    url: () => `/api/streams/${mint}/messages?limit=1e1`,
    says: 'limit: Expected a whole number in decimal digits',
  },
];

describe(`bad input is a 400 with a clear message (${databaseKind()})`, () => {
  for (const c of cases) {
    it(c.name, async () => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url(),
        headers: user.headers,
        ...(c.payload ? { payload: c.payload() } : {}),
      });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json();
      expect(error.message).toContain(c.says);
      expect(typeof error.code).toBe('string');
    });
  }

  it('the largest bigint id is still a valid id (404, not 400)', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/messages/9223372036854775807`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('a malformed URL (bad percent-encoding) answers with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/streams/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request', message: 'Malformed URL' });
  });

  it('GET /api/realtime without an Upgrade answers with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/realtime' });
    expect(res.statusCode).toBe(426);
    expect(res.json().error).toMatchObject({ code: 'upgrade_required' });
    expect(res.json().error.message).toContain('WebSocket');
  });
});

import { roomNameForMint } from '@mintcast/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * The authorization matrix. Write endpoints are discovered from the app's own route table (the auth plugin
 * records every route through an onRoute hook), so an endpoint added later is covered without editing
 * this file: unless it is listed as public below, it must answer 401 to a request without a session.
 */
const PUBLIC_WRITES: Record<string, string> = {
  'POST /api/auth/verify': 'signing in is how a session starts',
  'POST /api/auth/token': 'authenticated by the refresh token itself',
  'POST /api/live/webhook': 'authenticated by the media server signature',
  'POST /api/live/token': 'viewers watch anonymously; a host token needs the creator (see below)',
};
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let creator: SignedIn;
let stranger: SignedIn;
let mint: string;
beforeAll(async () => {
  t = await createTestApp();
  creator = await signIn(t.app);
  stranger = await signIn(t.app);
  mint = (await createStream(t.database.db, { creator_address: creator.address, is_currently_live: true }))
    .mint;
});
afterAll(() => t?.close());

const fill = (url: string) =>
  url
    .replace(/:mint/g, mint)
    .replace(/:address/g, randomAddress())
    .replace(/:id/g, '1')
    .replace(/:\w+/g, 'x');
const writeRoutes = () =>
  t.app.registeredRoutes.filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith('/api/'));

interface CreatorOnlyCase {
  route: string;
  request: () => Promise<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }>;
  /** What another wallet gets. */
  strangerStatus: number;
}

const CREATOR_ONLY: CreatorOnlyCase[] = [
  {
    route: 'POST /api/streams/:mint/live',
    request: async () => ({ method: 'POST', url: `/api/streams/${mint}/live`, payload: { live: true } }),
    strangerStatus: 403,
  },
  {
    // The creator is fixed at creation: nobody else may change it, live or not (decision 006).
    route: 'POST /api/streams',
    request: async () => ({
      method: 'POST',
      url: '/api/streams',
      payload: { mint, name: 'Takeover', symbol: 'TKO', is_currently_live: true, usd_market_cap: 0 },
    }),
    strangerStatus: 403,
  },
  {
    route: 'POST /api/live/token',
    request: async () => ({
      method: 'POST',
      url: '/api/live/token',
      payload: { roomName: roomNameForMint(mint), participantName: 'host', isHost: true },
    }),
    strangerStatus: 403,
  },
  {
    route: 'POST /api/live/rooms',
    request: async () => ({
      method: 'POST',
      url: '/api/live/rooms',
      payload: { roomName: roomNameForMint(mint) },
    }),
    strangerStatus: 403,
  },
  {
    route: 'PUT /api/live/thumbnails/:mint',
    request: async () => ({
      method: 'PUT',
      url: `/api/live/thumbnails/${mint}`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    }),
    strangerStatus: 403,
  },
  {
    route: 'POST /api/streams/:mint/mutes',
    request: async () => ({
      method: 'POST',
      url: `/api/streams/${mint}/mutes`,
      payload: { address: randomAddress(), minutes: 5 },
    }),
    strangerStatus: 403,
  },
  {
    route: 'DELETE /api/streams/:mint/messages/:id',
    request: async () => {
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/streams/${mint}/messages`,
        headers: stranger.headers, // the author is not the creator: moderation is the creator's
        payload: { content: 'a message to moderate' },
      });
      expect(posted.statusCode).toBe(201);
      return { method: 'DELETE', url: `/api/streams/${mint}/messages/${posted.json().id}` };
    },
    strangerStatus: 403,
  },
];

describe(`authorization matrix (${databaseKind()})`, () => {
  it('discovers the write endpoints from the route table', () => {
    const keys = writeRoutes().map((r) => `${r.method} ${r.url}`);
    for (const known of ['POST /api/streams', 'POST /api/streams/:mint/live', 'PUT /api/profile'])
      expect(keys).toContain(known);
    for (const listed of Object.keys(PUBLIC_WRITES))
      expect(keys, `stale public entry ${listed}`).toContain(listed);
  });

  it('every non-public write endpoint answers 401 without a session', async () => {
    const checked: string[] = [];
    for (const r of writeRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC_WRITES[key]) continue;
      const res = await t.app.inject({ method: r.method as 'POST', url: fill(r.url), payload: {} });
      expect(res.statusCode, `${key} → ${res.body}`).toBe(401);
      expect(res.json().error.code, key).toBe('unauthorized');
      // …and a forged identity in the body or query changes nothing.
      const spoof = await t.app.inject({
        method: r.method as 'POST',
        url: `${fill(r.url)}?address=${creator.address}`,
        headers: { 'x-wallet-address': creator.address },
        payload: { address: creator.address, creator_address: creator.address },
      });
      expect(spoof.statusCode, key).toBe(401);
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThanOrEqual(8);
  });

  it('every non-public write endpoint rejects an expired or signed-out session', async () => {
    const gone = await signIn(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout?scope=local', headers: gone.headers });
    for (const r of writeRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC_WRITES[key]) continue;
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: fill(r.url),
        headers: gone.headers,
        payload: {},
      });
      expect(res.statusCode, key).toBe(401);
    }
  });

  const registered = (route: string) => writeRoutes().some((r) => `${r.method} ${r.url}` === route);
  for (const c of CREATOR_ONLY) {
    it(`${c.route}: another wallet is refused, the creator is not`, async (ctx) => {
      if (!registered(c.route)) ctx.skip(); // that feature is not in this build
      const asStranger = await c.request();
      const refused = await t.app.inject({
        ...asStranger,
        headers: { ...asStranger.headers, ...stranger.headers },
      });
      expect(refused.statusCode, refused.body).toBe(c.strangerStatus);
      const asCreator = await c.request();
      const allowed = await t.app.inject({
        ...asCreator,
        headers: { ...asCreator.headers, ...creator.headers },
      });
      expect([401, 403, 409], allowed.body).not.toContain(allowed.statusCode);
    });
  }
});

import { randomUUID } from 'node:crypto';
import { roomNameForMint } from '@mintcast/contracts';
import type { InjectOptions } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
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
let moderator: SignedIn;
let admin: SignedIn;
let mint: string;
const adminKey = generatePrivateKey();
beforeAll(async () => {
  t = await createTestApp({ adminAddresses: [privateKeyToAccount(adminKey).address.toLowerCase()] });
  creator = await signIn(t.app);
  stranger = await signIn(t.app);
  moderator = await signIn(t.app);
  admin = await signIn(t.app, { privateKey: adminKey });
  mint = (await createStream(t.database.db, { creator_address: creator.address, is_currently_live: true }))
    .mint;
  const appointed = await t.app.inject({
    method: 'PUT',
    url: `/api/streams/${mint}/moderators/${moderator.address}`,
    headers: creator.headers,
  });
  expect(appointed.statusCode).toBe(204);
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
    // A new OBS overlay key: the creator's alone (issue 34, decision 031).
    route: 'POST /api/streams/:mint/overlays/key',
    request: async () => ({ method: 'POST', url: `/api/streams/${mint}/overlays/key` }),
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
  {
    // The creator's raid to the stream itself is refused as bad input (400), after the creator check.
    route: 'POST /api/streams/:mint/raid',
    request: async () => ({ method: 'POST', url: `/api/streams/${mint}/raid`, payload: { to: mint } }),
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

/**
 * Moderation writes (issue 16) by role. Each request is built afresh for each caller (new targets), and
 * the expected status is given for an ordinary wallet, a moderator of the stream, its creator and a
 * platform admin (visitors are covered above: every one of these answers 401 without a session).
 */
type Role = 'wallet' | 'moderator' | 'creator' | 'admin';
interface RoleCase {
  route: string;
  request: () => Promise<Omit<InjectOptions, 'headers'>>;
  expect: Record<Role, number>;
}
/** A message by the ordinary wallet, written straight to the table (the chat's posting limit is not the subject). */
const post = async (content: string) => {
  const row = await t.database.db
    .insertInto('messages')
    .values({ stream_id: mint, user_address: stranger.address, content })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
};
const reason = { reason: 'authorization matrix' };
const adminOnly = { wallet: 403, moderator: 403, creator: 403, admin: 204 };
const creatorOnly = (ok: number) => ({ wallet: 403, moderator: 403, creator: ok, admin: 403 });
const staff = (ok: number) => ({ wallet: 403, moderator: ok, creator: ok, admin: 403 });
const liveStream = async () =>
  (await createStream(t.database.db, { creator_address: randomAddress(), is_currently_live: true })).mint;

const ROLE_CASES: RoleCase[] = [
  {
    // Holder tiers are the creator's; the holder chat modes are the creator's or a moderator's (issue 34 item 4).
    route: 'PUT /api/streams/:mint/holder-chat/tiers',
    request: async () => ({
      method: 'PUT',
      url: `/api/streams/${mint}/holder-chat/tiers`,
      payload: { tiers: [{ name: 'Whale', kind: 'share', value: '1' }] },
    }),
    expect: creatorOnly(200),
  },
  {
    route: 'PUT /api/streams/:mint/holder-chat/modes',
    request: async () => ({
      method: 'PUT',
      url: `/api/streams/${mint}/holder-chat/modes`,
      payload: { holders_only: false, nonholder_slow_seconds: 0 },
    }),
    expect: staff(200),
  },
  {
    route: 'PUT /api/streams/:mint/chat-settings',
    request: async () => ({
      method: 'PUT',
      url: `/api/streams/${mint}/chat-settings`,
      payload: { slowModeSeconds: 0 },
    }),
    expect: creatorOnly(200),
  },
  ...(['PUT', 'DELETE'] as const).map((method) => ({
    route: `${method} /api/streams/:mint/moderators/:address`,
    request: async () => ({ method, url: `/api/streams/${mint}/moderators/${randomAddress()}` }),
    expect: creatorOnly(204),
  })),
  ...(['PUT', 'DELETE'] as const).map((method) => ({
    route: `${method} /api/streams/:mint/bans/:address`,
    request: async () => ({ method, url: `/api/streams/${mint}/bans/${randomAddress()}` }),
    expect: staff(204),
  })),
  {
    route: 'POST /api/streams/:mint/mutes',
    request: async () => ({
      method: 'POST',
      url: `/api/streams/${mint}/mutes`,
      payload: { address: randomAddress(), minutes: 5 },
    }),
    expect: staff(200),
  },
  {
    route: 'DELETE /api/streams/:mint/mutes/:address',
    request: async () => ({ method: 'DELETE', url: `/api/streams/${mint}/mutes/${randomAddress()}` }),
    expect: staff(204),
  },
  {
    route: 'DELETE /api/streams/:mint/messages/:id',
    request: async () => ({
      method: 'DELETE',
      url: `/api/streams/${mint}/messages/${await post('moderate me')}`,
    }),
    // Admins delete any message too (issue 28): a moderator cannot delete the creator's, an admin can.
    expect: { ...staff(204), admin: 204 },
  },
  {
    route: 'POST /api/streams/:mint/chat/clear',
    request: async () => ({ method: 'POST', url: `/api/streams/${mint}/chat/clear` }),
    expect: creatorOnly(204),
  },
  {
    route: 'POST /api/reports',
    request: async () => ({
      method: 'POST',
      url: '/api/reports',
      payload: { kind: 'stream', mint: await liveStream(), reason: 'scam' },
    }),
    expect: { wallet: 201, moderator: 201, creator: 201, admin: 201 },
  },
  {
    route: 'POST /api/admin/reports/:id/dismiss',
    request: async () => {
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: stranger.headers,
        payload: { kind: 'stream', mint: await liveStream(), reason: 'other' },
      });
      return { method: 'POST', url: `/api/admin/reports/${filed.json().id}/dismiss`, payload: reason };
    },
    expect: adminOnly,
  },
  ...['end', 'hide', 'unhide'].map((action) => ({
    route: `POST /api/admin/streams/:mint/${action}`,
    request: async () => ({
      method: 'POST' as const,
      url: `/api/admin/streams/${await liveStream()}/${action}`,
      payload: reason,
    }),
    expect: adminOnly,
  })),
  {
    route: 'POST /api/admin/clips/:id/remove',
    request: async () => {
      const id = randomUUID();
      await t.database.db
        .insertInto('clips')
        .values({
          id,
          stream_id: await liveStream(),
          recording_id: null,
          created_by: `0x${'ab'.repeat(20)}`,
          title: 'a clip',
          start_ms: 0,
          duration_ms: 10_000,
          width: 320,
          height: 240,
          file_path: `clips/x/${id}.mp4`,
          poster_path: `clips/x/${id}.jpg`,
          created_at: new Date(),
        })
        .execute();
      return { method: 'POST', url: `/api/admin/clips/${id}/remove`, payload: reason };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/streams/:mint/nsfw',
    request: async () => ({
      method: 'POST',
      url: `/api/admin/streams/${await liveStream()}/nsfw`,
      payload: { ...reason, nsfw: true },
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/streams/:mint/allow-live',
    request: async () => {
      const mint = await liveStream();
      // What an admin's end leaves: a stream that may not go live until an admin allows it.
      await t.database.db
        .updateTable('streams')
        .set({ live_blocked_at: new Date() })
        .where('mint', '=', mint)
        .execute();
      return { method: 'POST', url: `/api/admin/streams/${mint}/allow-live`, payload: reason };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/wallets/:address/ban',
    request: async () => ({
      method: 'POST',
      url: `/api/admin/wallets/${randomAddress()}/ban`,
      payload: reason,
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/wallets/:address/unban',
    request: async () => {
      const target = randomAddress();
      await t.database.db
        .insertInto('platform_bans')
        .values({ address: target, reason: 'x', banned_by: 'x' })
        .execute();
      return { method: 'POST', url: `/api/admin/wallets/${target}/unban`, payload: reason };
    },
    expect: adminOnly,
  },
];

/** Routes of issue 16 that must each have a row above. */
const MODERATION_ROUTE =
  /^(\w+) \/api\/(admin\/|reports|streams\/:mint\/(chat-settings|holder-chat|moderators|bans|mutes|chat\/clear|messages\/:id))/;

describe(`authorization matrix: moderation roles (${databaseKind()})`, () => {
  it('covers every moderation write', () => {
    const covered = new Set(ROLE_CASES.map((c) => c.route));
    const missing = writeRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => MODERATION_ROUTE.test(k) && !covered.has(k));
    expect(missing).toEqual([]);
  });

  for (const c of ROLE_CASES) {
    it(`${c.route}: wallet ${c.expect.wallet}, moderator ${c.expect.moderator}, creator ${c.expect.creator}, admin ${c.expect.admin}`, async () => {
      const who: Record<Role, () => SignedIn> = {
        wallet: () => stranger,
        moderator: () => moderator,
        creator: () => creator,
        admin: () => admin,
      };
      for (const role of ['wallet', 'moderator', 'creator', 'admin'] as const) {
        const r = await c.request();
        const res = await t.app.inject({ ...r, headers: who[role]().headers });
        expect(res.statusCode, `${role}: ${res.body}`).toBe(c.expect[role]);
      }
    });
  }
});

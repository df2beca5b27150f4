import {
  REPORTS_PER_HOUR,
  roomNameForMint,
  ZApiError,
  ZAuditLog,
  ZChatHistory,
  ZReportList,
  ZStream,
  ZStreamPage,
  ZStreamSearchResult,
} from '@mintcast/contracts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/** Reports, the admin queue and actions (ban, end, hide, NSFW) and what they change for everyone else. */
const adminKey = generatePrivateKey();
const adminAddress = privateKeyToAccount(adminKey).address.toLowerCase();
let t: TestApp;
let admin: SignedIn;
let clock = 0;
beforeAll(async () => {
  clock = Date.now();
  t = await createTestApp({ adminAddresses: [adminAddress] }, { now: () => clock });
  admin = await signIn(t.app, { privateKey: adminKey });
});
afterAll(() => t?.close());

const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;
const req = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: SignedIn | null,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const report = (who: SignedIn, payload: object) => req('POST', '/api/reports', who, payload);
const post = (mint: string, who: SignedIn, content: string) =>
  req('POST', `/api/streams/${mint}/messages`, who, { content });
const listMints = async (qs = '') =>
  ZStreamPage.parse((await req('GET', `/api/streams?limit=100${qs}`, null)).json()).items.map((s) => s.mint);
const searchMints = async (q: string, qs = '') =>
  ZStreamSearchResult.parse((await req('GET', `/api/streams/search?q=${q}${qs}`, null)).json()).items.map(
    (s) => s.mint,
  );

describe(`reports (${databaseKind()})`, () => {
  it('a wallet reports a stream and a message once each; bad input is a 4xx', async () => {
    const viewer = await signIn(t.app);
    const author = await signIn(t.app);
    const { mint } = await createStream(t.database.db);
    const msg = (await post(mint, author, 'buy my scam')).json();
    const ok = await report(viewer, {
      kind: 'message',
      mint,
      messageId: msg.id,
      reason: 'scam',
      details: 'rug',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const again = await report(viewer, { kind: 'message', mint, messageId: msg.id, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already reported this message');
    expect((await report(viewer, { kind: 'stream', mint, reason: 'violence' })).statusCode).toBe(201);
    expect((await report(viewer, { kind: 'stream', mint, reason: 'violence' })).statusCode).toBe(409);
    for (const bad of [
      { kind: 'stream', mint, reason: 'boring' },
      { kind: 'stream', mint: 'nope', reason: 'scam' },
      { kind: 'message', mint, reason: 'scam' },
      { kind: 'stream', mint, reason: 'other', details: 'x'.repeat(501) },
      { kind: 'galaxy' },
    ]) {
      const res = await report(author, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await report(author, { kind: 'message', mint, messageId: '99999999', reason: 'scam' })).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', '/api/reports', null, { kind: 'stream', mint, reason: 'scam' })).statusCode,
    ).toBe(401);
  });

  it(`is rate limited to ${REPORTS_PER_HOUR} an hour per wallet`, async () => {
    const viewer = await signIn(t.app);
    const mints: string[] = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) mints.push((await createStream(t.database.db)).mint);
    for (const mint of mints.slice(0, REPORTS_PER_HOUR))
      expect((await report(viewer, { kind: 'stream', mint, reason: 'scam' })).statusCode).toBe(201);
    const limited = await report(viewer, { kind: 'stream', mint: mints.at(-1), reason: 'scam' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe('You have sent too many reports. Try again in an hour.');
    clock += 60 * 60_000 + 1;
    expect((await report(viewer, { kind: 'stream', mint: mints.at(-1), reason: 'scam' })).statusCode).toBe(
      201,
    );
  });
});

describe(`administration (${databaseKind()})`, () => {
  it('only admins get the queue; it shows the reported message in context, newest first', async () => {
    const viewer = await signIn(t.app);
    const author = await signIn(t.app);
    const { mint } = await createStream(t.database.db, { name: 'Queue Coin' });
    const msg = (await post(mint, author, 'you are all idiots')).json();
    await report(viewer, { kind: 'stream', mint, reason: 'sexual' });
    await report(viewer, {
      kind: 'message',
      mint,
      messageId: msg.id,
      reason: 'harassment',
      details: 'insults',
    });
    expect((await req('GET', '/api/admin/reports', viewer)).statusCode).toBe(403);
    expect((await req('GET', '/api/admin/reports', null)).statusCode).toBe(401);
    expect((await req('GET', '/api/admin/status', viewer)).json()).toEqual({ isAdmin: false });
    expect((await req('GET', '/api/admin/status', admin)).json()).toEqual({ isAdmin: true });
    const queue = ZReportList.parse((await req('GET', '/api/admin/reports', admin)).json()).items;
    const ours = queue.filter((r) => r.stream.mint === mint);
    expect(ours.map((r) => r.kind)).toEqual(['message', 'stream']);
    expect(ours[0]).toMatchObject({
      reason: 'harassment',
      details: 'insults',
      reporter: viewer.address,
      stream: { name: 'Queue Coin', hidden: false },
      message: { id: msg.id, author: author.address, content: 'you are all idiots' },
      subjectBanned: false,
    });
    const dismissed = await req('POST', `/api/admin/reports/${ours[1]!.id}/dismiss`, admin, {
      reason: 'fine',
    });
    expect(dismissed.statusCode).toBe(204);
    const open = ZReportList.parse((await req('GET', '/api/admin/reports', admin)).json()).items;
    expect(open.some((r) => r.id === ours[1]!.id)).toBe(false);
  });

  it('a site-wide ban stops posting, liking, following and streaming, ends the live stream, hides messages; unban undoes it', async () => {
    const author = await signIn(t.app);
    const { mint: own } = await createStream(t.database.db, {
      creator_address: author.address,
      is_currently_live: true,
    });
    const { mint: other } = await createStream(t.database.db);
    expect((await post(other, author, 'hello from the author')).statusCode).toBe(201);

    expect((await req('POST', `/api/admin/wallets/${author.address}/ban`, admin, {})).statusCode).toBe(400);
    const ban = await req('POST', `/api/admin/wallets/${author.address}/ban`, admin, { reason: 'spam' });
    expect(ban.statusCode, ban.body).toBe(204);

    const refused = await post(other, author, 'still here?');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'banned', message: 'Your wallet is banned from Mintcast' });
    for (const [method, url, payload] of [
      ['POST', `/api/streams/${other}/like`, undefined],
      ['POST', `/api/streams/${other}/subscribe`, undefined],
      ['POST', `/api/streams/${own}/live`, { live: true }],
      ['POST', '/api/streams', { mint: own, name: 'Again', symbol: 'AGN', is_currently_live: true }],
      ['POST', '/api/live/rooms', { roomName: roomNameForMint(own) }],
      ['POST', '/api/live/token', { roomName: roomNameForMint(own), participantName: 'h', isHost: true }],
    ] as const) {
      const res = await req(method, url, author, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(errorOf(res).code).toBe('banned');
    }
    // Watching stays allowed.
    const watch = await req('POST', '/api/live/token', author, {
      roomName: roomNameForMint(own),
      participantName: 'v',
      isHost: false,
    });
    expect(watch.statusCode).toBe(200);
    expect(ZStream.parse((await req('GET', `/api/streams/${own}`, null)).json()).is_currently_live).toBe(
      false,
    );
    const history = ZChatHistory.parse((await req('GET', `/api/streams/${other}/messages`, null)).json());
    expect(history.items).toEqual([]);

    const unban = await req('POST', `/api/admin/wallets/${author.address}/unban`, admin, {
      reason: 'appeal',
    });
    expect(unban.statusCode).toBe(204);
    expect((await post(other, author, 'back')).statusCode).toBe(201);
    const after = ZChatHistory.parse((await req('GET', `/api/streams/${other}/messages`, null)).json());
    expect(after.items.map((m) => m.content)).toEqual(['back', 'hello from the author']);
    expect((await req('POST', `/api/streams/${other}/like`, author)).statusCode).toBe(200);

    const audit = ZAuditLog.parse((await req('GET', '/api/admin/audit', admin)).json()).items;
    expect(audit.slice(0, 2).map((a) => [a.action, a.target, a.reason, a.admin])).toEqual([
      ['unban_wallet', author.address, 'appeal', adminAddress],
      ['ban_wallet', author.address, 'spam', adminAddress],
    ]);
  });

  it('ends a live stream, hides a stream from every list and marks it NSFW, each undoable and audited', async () => {
    const { mint } = await createStream(t.database.db, { name: 'Zorblax Live', is_currently_live: true });
    const end = await req('POST', `/api/admin/streams/${mint}/end`, admin, { reason: 'gore' });
    expect(end.statusCode).toBe(204);
    expect(ZStream.parse((await req('GET', `/api/streams/${mint}`, null)).json()).is_currently_live).toBe(
      false,
    );
    expect((await req('POST', `/api/admin/streams/${mint}/end`, admin, { reason: 'again' })).statusCode).toBe(
      400,
    );

    expect(await listMints()).toContain(mint);
    expect((await req('POST', `/api/admin/streams/${mint}/hide`, admin, { reason: 'spam' })).statusCode).toBe(
      204,
    );
    expect(await listMints()).not.toContain(mint);
    expect(await listMints('&sort=market_cap&includeNsfw=true')).not.toContain(mint);
    expect(await searchMints('zorblax')).toEqual([]);
    // Still reachable directly.
    expect((await req('GET', `/api/streams/${mint}`, null)).statusCode).toBe(200);
    expect((await req('POST', `/api/admin/streams/${mint}/unhide`, admin, { reason: 'ok' })).statusCode).toBe(
      204,
    );
    expect(await searchMints('zorblax')).toEqual([mint]);

    const nsfw = await req('POST', `/api/admin/streams/${mint}/nsfw`, admin, { nsfw: true, reason: '18+' });
    expect(nsfw.statusCode).toBe(204);
    expect(await searchMints('zorblax')).toEqual([]);
    expect(await searchMints('zorblax', '&includeNsfw=true')).toEqual([mint]);
    const audit = ZAuditLog.parse((await req('GET', '/api/admin/audit', admin)).json()).items;
    expect(audit.filter((a) => a.target === mint).map((a) => a.action)).toEqual([
      'mark_nsfw',
      'unhide_stream',
      'hide_stream',
      'end_stream',
    ]);
    for (const url of ['/api/admin/audit', '/api/admin/bans'])
      expect((await req('GET', url, await signIn(t.app))).statusCode).toBe(403);
  });
});

describe(`NSFW streams (${databaseKind()})`, () => {
  it("the creator's flag leaves a stream out of lists and search unless includeNsfw=true", async () => {
    const creator = await signIn(t.app);
    const mint = randomAddress();
    const up = await req('POST', '/api/streams', creator, {
      mint,
      name: 'Quuxnsfw Show',
      symbol: 'QNS',
      is_currently_live: true,
      is_nsfw: true,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(ZStream.parse(up.json()).is_nsfw).toBe(true);
    for (const qs of ['', '&live=true', '&sort=market_cap', '&sort=participants', '&sort=activity'])
      expect(await listMints(qs), qs).not.toContain(mint);
    expect(await listMints('&includeNsfw=true')).toContain(mint);
    expect(await listMints('&sort=activity&includeNsfw=true')).toContain(mint);
    expect(await searchMints('quuxnsfw')).toEqual([]);
    expect(await searchMints('quuxnsfw', '&includeNsfw=true')).toEqual([mint]);
    expect((await req('GET', '/api/streams?includeNsfw=maybe', null)).statusCode).toBe(400);
    // An update without the flag keeps it; the creator can turn it off.
    await req('POST', '/api/streams', creator, { mint, name: 'Quuxnsfw Show', symbol: 'QNS' });
    expect(ZStream.parse((await req('GET', `/api/streams/${mint}`, null)).json()).is_nsfw).toBe(true);
    await req('POST', '/api/streams', creator, {
      mint,
      name: 'Quuxnsfw Show',
      symbol: 'QNS',
      is_nsfw: false,
    });
    expect(await searchMints('quuxnsfw')).toEqual([mint]);
  });
});

describe(`admin decisions are sticky until an admin lifts them (${databaseKind()})`, () => {
  const streamOf = async (mint: string) =>
    ZStream.parse((await req('GET', `/api/streams/${mint}`, null)).json());
  const upsert = (who: SignedIn, mint: string, extra: object = {}) =>
    req('POST', '/api/streams', who, { mint, name: 'Stickyflag Show', symbol: 'STK', ...extra });

  it("keeps an admin's NSFW mark through the creator's upserts until an admin removes it", async () => {
    const creator = await signIn(t.app);
    const mint = randomAddress();
    expect((await upsert(creator, mint)).statusCode).toBe(200);
    const mark = await req('POST', `/api/admin/streams/${mint}/nsfw`, admin, { nsfw: true, reason: '18+' });
    expect(mark.statusCode).toBe(204);

    const cleared = await upsert(creator, mint, { is_nsfw: false });
    expect(cleared.statusCode).toBe(200);
    expect(ZStream.parse(cleared.json()).is_nsfw).toBe(true);
    // Even a write that skips the service's own rule cannot clear it: the repository keeps the hold.
    await t.app.ctx.streams.applySystemUpdate(mint, { is_nsfw: false });
    expect((await streamOf(mint)).is_nsfw).toBe(true);
    expect(await listMints()).not.toContain(mint);

    const unmark = await req('POST', `/api/admin/streams/${mint}/nsfw`, admin, {
      nsfw: false,
      reason: 'fine',
    });
    expect(unmark.statusCode).toBe(204);
    expect((await streamOf(mint)).is_nsfw).toBe(false);
    // Lifted: the creator's own flag works both ways again.
    expect(ZStream.parse((await upsert(creator, mint, { is_nsfw: true })).json()).is_nsfw).toBe(true);
    expect(ZStream.parse((await upsert(creator, mint, { is_nsfw: false })).json()).is_nsfw).toBe(false);
  });

  it('keeps a stream an admin ended offline, on every path to live, until an admin allows it', async () => {
    const creator = await signIn(t.app);
    const mint = randomAddress();
    expect((await upsert(creator, mint, { is_currently_live: true })).statusCode).toBe(200);
    expect((await req('POST', `/api/admin/streams/${mint}/end`, admin, { reason: 'gore' })).statusCode).toBe(
      204,
    );

    const setLive = await req('POST', `/api/streams/${mint}/live`, creator, { live: true });
    expect(setLive.statusCode).toBe(403);
    expect(errorOf(setLive).code).toBe('live_blocked');
    const again = await upsert(creator, mint, { is_currently_live: true });
    expect(again.statusCode).toBe(403);
    expect(errorOf(again).code).toBe('live_blocked');
    const host = await req('POST', '/api/live/token', creator, {
      roomName: roomNameForMint(mint),
      participantName: 'host',
      isHost: true,
    });
    expect(host.statusCode).toBe(403);
    expect(errorOf(host).code).toBe('live_blocked');
    // The media server's webhook or the presence check marking it live (a publisher that got in anyway).
    await t.app.ctx.streams.applySystemUpdate(mint, { is_currently_live: true });
    const offline = await streamOf(mint);
    expect(offline.is_currently_live).toBe(false);
    expect(offline.live_since).toBeNull();
    // Updates that do not go live still work (the wizard's details).
    expect((await upsert(creator, mint, { description: 'new text' })).statusCode).toBe(200);

    expect(
      (await req('POST', `/api/admin/streams/${mint}/allow-live`, await signIn(t.app), { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const allow = await req('POST', `/api/admin/streams/${mint}/allow-live`, admin, {
      reason: 'appeal accepted',
    });
    expect(allow.statusCode).toBe(204);
    expect(
      (await req('POST', `/api/admin/streams/${mint}/allow-live`, admin, { reason: 'twice' })).statusCode,
    ).toBe(400);
    const live = await req('POST', `/api/streams/${mint}/live`, creator, { live: true });
    expect(live.statusCode, live.body).toBe(200);
    expect(ZStream.parse(live.json()).is_currently_live).toBe(true);
    const audit = ZAuditLog.parse((await req('GET', '/api/admin/audit', admin)).json()).items;
    expect(audit.filter((a) => a.target === mint).map((a) => a.action)).toEqual(['allow_live', 'end_stream']);
  });
});

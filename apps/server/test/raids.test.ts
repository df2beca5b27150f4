import {
  chatChannelForMint,
  RAID_ERRORS,
  RAID_RATE_LIMIT,
  shortenAddress,
  statusChannelForMint,
  type TRealtimeEvent,
  ZChatHistory,
  ZRaidResult,
} from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime, useInstances } from './support/multi-instance.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { databaseKind } from './support/test-database.ts';

/** The injected clock of the apps here: the raid limit counts on it, moved by the tests only. */
let clock = Date.parse('2030-04-01T12:00:00.000Z');
// The raid is taken on the first instance; the pages listen on the last (another one on PostgreSQL).
const inst = useInstances(undefined, {}, { now: () => clock });
const { first, last, lastUrl } = inst;

const raid = (app: App, who: SignedIn | null, mint: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/streams/${mint}/raid`,
    ...(who ? { headers: who.headers } : {}),
    payload: payload as object,
  });

/** A signed-in creator and their live stream with `viewers` watching, plus another creator's live stream. */
const liveCreator = async (viewers = 2) => {
  const creator = await signIn(first().app);
  const db = first().database.db;
  const source = await createStream(db, {
    creator_address: creator.address,
    is_currently_live: true,
    num_participants: viewers,
    name: 'Raider Desk',
  });
  const target = await createStream(db, { is_currently_live: true, name: 'Target Show' });
  return { creator, source: source.mint, target: target.mint };
};

/** A page open on a stream: subscribed to its status and chat channels, on the last instance. */
const openPage = async (mint: string) => {
  const c = await connectRealtime(lastUrl());
  for (const channel of [statusChannelForMint(mint), chatChannelForMint(mint)]) {
    c.send({ type: 'subscribe', channel });
    await c.waitFor((e) => e.type === 'subscribed' && e.channel === channel);
  }
  return c;
};

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

describe(`raids (${databaseKind()}, ${inst.count} instance${inst.count > 1 ? 's' : ''})`, () => {
  it('moves the audience: the raid event reaches the source page before its offline status, the target chat gets the line', async () => {
    const { creator, source, target } = await liveCreator(2);
    const sourcePage = await openPage(source);
    const targetPage = await openPage(target);

    const res = await raid(first().app, creator, source, { to: target.toUpperCase().replace('0X', '0x') });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZRaidResult.parse(res.json())).toEqual({ to: target, viewers: 2 });

    const by = shortenAddress(creator.address);
    const event = await sourcePage.waitFor((e) => e.type === 'raid');
    expect(event).toEqual({
      type: 'raid',
      channel: statusChannelForMint(source),
      from: source,
      to: target,
      by,
      viewers: 2,
    });
    // Offline follows, and only after the raid (a page that went offline first would not be moved).
    await sourcePage.waitFor((e) => e.type === 'stream_status' && !e.live);
    const order = sourcePage.events
      .filter((e) => e.type === 'raid' || (e.type === 'stream_status' && !e.live))
      .map((e) => e.type);
    expect(order).toEqual(['raid', 'stream_status']);
    // The source stream is offline for everyone.
    const stream = await last().app.inject({ url: `/api/streams/${source}` });
    expect(stream.json().is_currently_live).toBe(false);

    // The target's viewers see the line live, and history keeps it (a reload shows it).
    const inserted = (await targetPage.waitFor(
      (e) => e.type === 'message_inserted' && Boolean(e.message.raid),
    )) as Extract<TRealtimeEvent, { type: 'message_inserted' }>;
    const line = { from: source, name: 'Raider Desk', symbol: expect.any(String), by, viewers: 2 };
    expect(inserted.message).toMatchObject({
      stream_id: target,
      user_address: creator.address,
      content: `Raided by ${by} with 2 viewers`,
      raid: line,
    });
    // The target page is not sent anywhere.
    expect(targetPage.events.some((e) => e.type === 'raid')).toBe(false);
    const history = ZChatHistory.parse(
      (await last().app.inject({ url: `/api/streams/${target}/messages` })).json(),
    );
    expect(history.items[0]).toMatchObject({ id: inserted.message.id, raid: line });
    sourcePage.ws.close();
    targetPage.ws.close();
  });

  it('names the raider by their profile name when they set one', async () => {
    const { creator, source, target } = await liveCreator(1);
    const named = await first().app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: creator.headers,
      payload: { username: `raider_${Math.floor(Math.random() * 1e6)}` },
    });
    expect(named.statusCode, named.body).toBe(200);
    const username = named.json().username as string;
    const res = await raid(first().app, creator, source, { to: target });
    expect(res.statusCode, res.body).toBe(200);
    const history = ZChatHistory.parse(
      (await first().app.inject({ url: `/api/streams/${target}/messages` })).json(),
    );
    expect(history.items[0]).toMatchObject({
      username,
      content: `Raided by ${username} with 1 viewer`,
      raid: { by: username, viewers: 1 },
    });
  });

  it('refuses without a session (401), from another wallet (403), for an unknown stream (404)', async () => {
    const { creator, source, target } = await liveCreator();
    const noSession = await raid(first().app, null, source, { to: target });
    expect(noSession.statusCode).toBe(401);
    const stranger = await signIn(first().app);
    const other = await raid(first().app, stranger, source, { to: target });
    expect(other.statusCode, other.body).toBe(403);
    expect(errorOf(other).message).toBe('Only the stream creator can raid from this stream');
    const unknown = await raid(first().app, creator, randomAddress(), { to: target });
    expect(unknown.statusCode, unknown.body).toBe(404);
    // Nothing happened: the source is still live, the target's chat is empty.
    expect((await first().app.inject({ url: `/api/streams/${source}` })).json().is_currently_live).toBe(true);
    const history = (await first().app.inject({ url: `/api/streams/${target}/messages` })).json();
    expect(history.items).toEqual([]);
  });

  it('refuses bad targets with a clear message and changes nothing', async () => {
    const { creator, source, target } = await liveCreator();
    const offline = await createStream(first().database.db, { is_currently_live: false });
    const hidden = await createStream(first().database.db, {
      is_currently_live: true,
      hidden_at: new Date(),
    });
    const cases: [unknown, number, string, string][] = [
      [{ to: offline.mint }, 409, RAID_ERRORS.targetNotLive, 'That stream is not live: raid a live stream'],
      [{ to: randomAddress() }, 404, RAID_ERRORS.targetNotFound, 'No stream has that address'],
      [{ to: hidden.mint }, 404, RAID_ERRORS.targetNotFound, 'No stream has that address'],
      [{ to: source }, 400, RAID_ERRORS.self, 'A stream cannot raid itself'],
      [{ to: 'not an address' }, 400, 'invalid_request', ''],
      [{}, 400, 'invalid_request', ''],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await raid(first().app, creator, source, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
      expect(errorOf(res).code).toBe(code);
      if (message) expect(errorOf(res).message).toBe(message);
      else expect(errorOf(res).message.length).toBeGreaterThan(0);
    }
    expect((await first().app.inject({ url: `/api/streams/${source}` })).json().is_currently_live).toBe(true);
    expect((await first().app.inject({ url: `/api/streams/${target}/messages` })).json().items).toEqual([]);
    // A successful raid still goes out afterwards.
    expect((await raid(first().app, creator, source, { to: target })).statusCode).toBe(200);
  });

  it('refuses a stream that is not live (409): it has no audience to send', async () => {
    const { creator, source, target } = await liveCreator();
    await first().app.inject({
      method: 'POST',
      url: `/api/streams/${source}/live`,
      headers: creator.headers,
      payload: { live: false },
    });
    const res = await raid(first().app, creator, source, { to: target });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: RAID_ERRORS.notLive });
  });

  it('limits how often one creator raids (429), until the limit refills on the clock', async () => {
    const { creator, source } = await liveCreator();
    const tries = () => raid(first().app, creator, source, { to: source });
    for (let i = 0; i < RAID_RATE_LIMIT.burst; i++) expect((await tries()).statusCode).toBe(400);
    const limited = await tries();
    expect(limited.statusCode, limited.body).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    clock += RAID_RATE_LIMIT.windowMs / RAID_RATE_LIMIT.perWindow;
    expect((await tries()).statusCode).toBe(400);
  });
});

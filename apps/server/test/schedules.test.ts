import { ZSchedulePushPayload, ZStreamSchedule } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import type { ReachConfig } from '../src/announce/reach-env.ts';
import type { App } from '../src/app.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { eventually, type Instances, startInstances } from './support/multi-instance.ts';
import { type PushStandin, startPushStandin } from './support/push-standin.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

const MINUTE = 60_000;
const vapidKeys = webPush.generateVAPIDKeys();
const reach: ReachConfig = {
  vapid: { ...vapidKeys, subject: 'mailto:ops@example.org' },
  secretsKey: null,
  telegramApiUrl: 'http://127.0.0.1:9',
  allowPrivateTargets: true,
  sweepIntervalMs: 0,
  reminderSweepMs: 25,
};

/** The injected clock of every app here: moved by the tests, never by time passing. */
let clock = Date.parse('2030-03-01T12:00:00.000Z');
const now = () => clock;
const at = (offsetMs: number) => new Date(clock + offsetMs).toISOString();

/** Let anything still in flight arrive before asserting that it did not. */
const settle = () => new Promise((r) => setTimeout(r, 300));

const schedule = (app: App, who: SignedIn | null, mint: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/streams/${mint}/schedule`,
    ...(who ? { headers: who.headers } : {}),
    payload: payload as object,
  });
const read = async (app: App, mint: string, who?: SignedIn) => {
  const res = await app.inject({
    url: `/api/streams/${mint}/schedule`,
    ...(who ? { headers: who.headers } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZStreamSchedule.parse(res.json());
};
const upcoming = async (app: App, creator?: string) =>
  (await app.inject({ url: `/api/schedules${creator ? `?creator=${creator}` : ''}` })).json().items as {
    mint: string;
    live: boolean;
  }[];
const remind = (app: App, who: SignedIn, mint: string, on = true) =>
  app.inject({
    method: on ? 'PUT' : 'DELETE',
    url: `/api/streams/${mint}/schedule/reminder`,
    headers: who.headers,
  });

/** A signed-in creator and one of their streams. */
const creatorWithStream = async (app: App, db: TestApp['database']['db'], name?: string) => {
  const creator = await signIn(app);
  const s = await createStream(db, { creator_address: creator.address, ...(name ? { name } : {}) });
  return { creator, mint: s.mint, stream: s };
};

describe(`scheduled streams: the creator schedules, everyone sees (${databaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ reach: { ...reach, vapid: null } }, { now });
  });
  afterAll(() => t?.close());

  it('the creator schedules and cancels; the stream, the creator and the upcoming list show it', async () => {
    const { creator, mint } = await creatorWithStream(t.app, t.database.db, 'Friday Desk');
    expect(await read(t.app, mint)).toEqual({ schedule: null, reminded: false });
    const res = await schedule(t.app, creator, mint, {
      starts_at: at(90 * MINUTE),
      title: '  AMA with the team ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      mint,
      title: 'AMA with the team',
      starts_at: at(90 * MINUTE),
      name: 'Friday Desk',
      symbol: expect.any(String),
      image_uri: 'https://example.com/token.png',
      creator_address: creator.address,
      live: false,
    };
    expect(res.json()).toEqual({ schedule: expected, reminded: false });
    expect(await read(t.app, mint)).toEqual({ schedule: expected, reminded: false });
    expect(await upcoming(t.app)).toContainEqual(expected);
    expect(await upcoming(t.app, creator.address)).toEqual([expected]);
    expect(await upcoming(t.app, randomAddress())).toEqual([]);

    // A time given with an offset is the same instant; scheduling again replaces the broadcast.
    const moved = await schedule(t.app, creator, mint, {
      starts_at: '2030-03-02T09:30:00+02:00',
      title: 'Moved',
    });
    expect(moved.json().schedule).toMatchObject({ title: 'Moved', starts_at: '2030-03-02T07:30:00.000Z' });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/schedule`,
      headers: creator.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ schedule: null, reminded: false });
    expect(await read(t.app, mint)).toEqual({ schedule: null, reminded: false });
    expect((await upcoming(t.app)).some((s) => s.mint === mint)).toBe(false);
  });

  it('only the creator may schedule or cancel: 401 signed out, 403 for another wallet, 404 for no stream', async () => {
    const { creator, mint } = await creatorWithStream(t.app, t.database.db);
    const body = { starts_at: at(60 * MINUTE), title: 'Mine' };
    expect((await schedule(t.app, null, mint, body)).statusCode).toBe(401);
    const other = await signIn(t.app);
    const refused = await schedule(t.app, other, mint, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only the stream creator can schedule its broadcasts');
    expect((await schedule(t.app, creator, randomAddress(), body)).statusCode).toBe(404);
    expect((await schedule(t.app, creator, mint, body)).statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/streams/${mint}/schedule`,
      headers: other.headers,
    });
    expect(cancel.statusCode).toBe(403);
    expect((await read(t.app, mint)).schedule?.title).toBe('Mine');
  });

  it('answers bad input with a clean 400 that says what is wrong', async () => {
    const { creator, mint } = await creatorWithStream(t.app, t.database.db);
    const cases: [unknown, RegExp][] = [
      [
        { starts_at: at(-MINUTE), title: 'Past' },
        /^starts_at: the broadcast must be scheduled in the future$/,
      ],
      [{ starts_at: at(0), title: 'Now' }, /in the future/],
      [{ starts_at: at(366 * 24 * 60 * MINUTE), title: 'Far' }, /at most 365 days ahead/],
      [{ starts_at: '2099-01-01T00:00:00Z', title: 'Years' }, /at most 365 days ahead/],
      [{ starts_at: at(MINUTE * 10), title: '' }, /^title: Give the broadcast a title$/],
      [{ starts_at: at(MINUTE * 10), title: '   ' }, /^title: Give the broadcast a title$/],
      [{ starts_at: at(MINUTE * 10) }, /^title: /],
      [
        { starts_at: at(MINUTE * 10), title: 'x'.repeat(101) },
        /^title: The title is at most 100 characters$/,
      ],
      [{ starts_at: at(MINUTE * 10), title: 'nul\u0000here' }, /^title: Control characters are not allowed$/],
      [{ starts_at: at(MINUTE * 10), title: 42 }, /^title: /],
      [{ title: 'No time' }, /^starts_at: /],
      [{ starts_at: 'next friday', title: 'Vague' }, /^starts_at: .*ISO 8601/],
      [{ starts_at: '2030-03-01 13:00', title: 'No zone' }, /^starts_at: .*ISO 8601/],
      [{ starts_at: '2030-02-30T25:00:00Z', title: 'No such day' }, /^starts_at: /],
      [{ starts_at: `2030-03-01T13:00:00Z${'\u0000'}`, title: 'NUL' }, /^starts_at: /],
      [[], /./],
    ];
    for (const [body, message] of cases) {
      const res = await schedule(t.app, creator, mint, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await read(t.app, mint)).schedule).toBeNull();
    expect((await t.app.inject({ url: '/api/schedules?creator=nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/streams/0x12/schedule' })).statusCode).toBe(400);
  });

  it('a broadcast that starts links to live; one that never starts disappears an hour after its time', async () => {
    const { creator, mint } = await creatorWithStream(t.app, t.database.db);
    const start = clock + 30 * MINUTE;
    expect(
      (await schedule(t.app, creator, mint, { starts_at: at(30 * MINUTE), title: 'Soon' })).statusCode,
    ).toBe(200);
    await t.app.ctx.streams.setLive(creator.address, mint, true);
    expect((await read(t.app, mint)).schedule?.live).toBe(true);
    expect((await upcoming(t.app)).find((s) => s.mint === mint)?.live).toBe(true);
    await t.app.ctx.streams.setLive(creator.address, mint, false);

    const saved = clock;
    try {
      clock = start + 59 * MINUTE; // late, but within the grace period: still shown
      expect((await read(t.app, mint)).schedule?.title).toBe('Soon');
      expect((await upcoming(t.app)).some((s) => s.mint === mint)).toBe(true);
      clock = start + 61 * MINUTE; // never started: gone everywhere
      expect((await read(t.app, mint)).schedule).toBeNull();
      expect((await upcoming(t.app)).some((s) => s.mint === mint)).toBe(false);
      expect((await t.app.inject({ url: `/api/streams/${mint}/schedule.ics` })).statusCode).toBe(404);
      const viewer = await signIn(t.app);
      const late = await remind(t.app, viewer, mint);
      expect(late.statusCode).toBe(404);
      expect(late.json().error.message).toBe('This stream has no upcoming broadcast');
    } finally {
      clock = saved;
    }
  });

  it('serves the broadcast as an iCalendar file (RFC 5545)', async () => {
    const { creator, mint } = await creatorWithStream(t.app, t.database.db, 'Desk, the; Show');
    const title = `Q&A, part 1; "live" \\ ${'é'.repeat(40)}`;
    const starts = '2030-03-01T18:05:00.000Z';
    expect((await schedule(t.app, creator, mint, { starts_at: starts, title })).statusCode).toBe(200);
    const res = await t.app.inject({ url: `/api/streams/${mint}/schedule.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="mintcast-${mint}.ics"`);
    const raw = res.body;
    expect(raw.endsWith('\r\n')).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // every line ends with CRLF
    for (const line of raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Unfolded (§3.1): a CRLF followed by one space is removed.
    const lines = raw.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('DTSTART:20300301T180500Z');
    expect(lines).toContain('DTEND:20300301T190500Z');
    expect(lines).toContain(`DTSTAMP:${new Date(clock).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`);
    expect(lines).toContain(
      `SUMMARY:Q&A\\, part 1\\; "live" \\\\ ${'é'.repeat(40)} · Desk\\, the\\; Show ($${(await read(t.app, mint)).schedule?.symbol})`,
    );
    expect(lines).toContain(`URL:http://localhost:3000/livestream/${mint}`);
    const uid = lines.find((l) => l.startsWith('UID:'));
    expect(uid).toMatch(new RegExp(`^UID:${mint}-\\d+@localhost:3000$`));
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    // Stable while the broadcast is only moved (a calendar updates its event), new for another broadcast.
    await schedule(t.app, creator, mint, { starts_at: at(3 * 60 * MINUTE), title: 'Moved' });
    const again = (await t.app.inject({ url: `/api/streams/${mint}/schedule.ics` })).body;
    expect(again).toContain(`${uid}\r\n`);
    expect((await t.app.inject({ url: `/api/streams/${randomAddress()}/schedule.ics` })).statusCode).toBe(
      404,
    );
  });
});

describe(`scheduled streams: reminders (${databaseKind()})`, () => {
  let standin: PushStandin;
  let inst: Instances;
  beforeAll(async () => {
    standin = await startPushStandin(vapidKeys.publicKey);
    // Two instances on PostgreSQL (each sweeping, one leading); one process on PGlite.
    inst = await startInstances(process.env.TEST_DATABASE_URL ? 2 : 1, { reach }, { now });
  });
  afterAll(async () => {
    await inst?.close();
    await standin?.close();
  });

  it('"Remind me" pushes once, a few minutes before the time, only to those who asked; the bell lists it', async () => {
    const first = inst.apps[0]!;
    const last = inst.apps.at(-1)!;
    const { creator, mint } = await creatorWithStream(first.app, first.database.db, 'Reminder Desk');
    const start = clock + 60 * MINUTE;
    const put = await schedule(first.app, creator, mint, { starts_at: at(60 * MINUTE), title: 'Launch day' });
    expect(put.statusCode, put.body).toBe(200);

    const fan = await signIn(last.app);
    const browser = standin.browser();
    const sub = await last.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: fan.headers,
      payload: browser.subscription,
    });
    expect(sub.statusCode).toBe(204);
    const asked = await remind(last.app, fan, mint);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().reminded).toBe(true);
    expect((await read(last.app, mint, fan)).reminded).toBe(true);
    expect((await read(first.app, mint)).reminded).toBe(false);
    // Asked and then changed their mind: nothing.
    const fickle = await signIn(first.app);
    const fickleBrowser = standin.browser();
    await first.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: fickle.headers,
      payload: fickleBrowser.subscription,
    });
    await remind(first.app, fickle, mint);
    expect((await remind(first.app, fickle, mint, false)).json().reminded).toBe(false);
    expect((await remind(first.app, fickle, randomAddress())).statusCode).toBe(404);
    const anon = await first.app.inject({ method: 'PUT', url: `/api/streams/${mint}/schedule/reminder` });
    expect(anon.statusCode).toBe(401);

    const bell = async () =>
      (
        (await last.app.inject({ url: '/api/notifications', headers: fan.headers })).json().items as {
          kind: string;
        }[]
      ).filter((n) => n.kind === 'scheduled');
    const saved = clock;
    try {
      clock = start - 6 * MINUTE; // not due yet
      await settle();
      expect(browser.received).toHaveLength(0);
      expect(await bell()).toEqual([]);

      clock = start - 5 * MINUTE; // due
      await eventually(() => browser.received.length === 1);
      await settle();
      expect(browser.received).toHaveLength(1); // once, with every instance sweeping
      expect(ZSchedulePushPayload.parse(browser.received[0])).toEqual({
        type: 'schedule_reminder',
        mint,
        name: 'Reminder Desk',
        symbol: expect.any(String),
        image_uri: 'https://example.com/token.png',
        title: 'Launch day',
        starts_at: new Date(start).toISOString(),
        url: `http://localhost:3000/livestream/${mint}`,
      });
      expect(fickleBrowser.received).toHaveLength(0);
      expect(await bell()).toEqual([
        {
          kind: 'scheduled',
          at: new Date(start - 5 * MINUTE).toISOString(),
          mint,
          name: 'Reminder Desk',
          symbol: expect.any(String),
          title: 'Launch day',
          starts_at: new Date(start).toISOString(),
          live: false,
        },
      ]);

      clock = start + 10 * MINUTE; // still not sent twice
      await settle();
      expect(browser.received).toHaveLength(1);

      // Moved to later: a new reminder for the new time.
      const moved = await schedule(first.app, creator, mint, {
        starts_at: at(30 * MINUTE),
        title: 'Launch day, later',
      });
      expect(moved.statusCode).toBe(200);
      expect(await bell()).toEqual([]);
      clock += 26 * MINUTE;
      await eventually(() => browser.received.length === 2);
      expect(ZSchedulePushPayload.parse(browser.received[1]).title).toBe('Launch day, later');
      // Past the grace period the schedule is deleted, reminders with it.
      clock += 2 * 60 * MINUTE;
      await eventually(
        async () =>
          !(await first.database.db
            .selectFrom('stream_schedules')
            .select('stream_id')
            .where('stream_id', '=', mint)
            .executeTakeFirst()),
      );
      expect(await bell()).toEqual([]);
      expect(standin.rejected).toEqual([]);
    } finally {
      clock = saved;
    }
  });
});

import { ZLiveStatus } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const status = (mint: string, known?: boolean) =>
  t.app.inject({
    method: 'GET',
    url: `/api/live/status/${mint}${known === undefined ? '' : `?live=${known}`}`,
  });

describe(`GET /api/live/status/{mint} (${databaseKind()})`, () => {
  it('answers at once when the flag differs from what the client knows (or it knows nothing)', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true, num_participants: 4 });
    const started = Date.now();
    expect(ZLiveStatus.parse((await status(s.mint)).json())).toEqual({ live: true, viewers: 4 });
    expect(ZLiveStatus.parse((await status(s.mint, false)).json())).toEqual({ live: true, viewers: 4 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('holds the request until the creator sets the stream live, then answers at once', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: me.address, is_currently_live: false });
    const pending = status(s.mint, false);
    await new Promise((r) => setTimeout(r, 300));
    const changedAt = Date.now();
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${s.mint}/live`,
      payload: { live: true },
      headers: me.headers,
    });
    expect(set.statusCode).toBe(200);
    const res = await pending;
    expect(ZLiveStatus.parse(res.json()).live).toBe(true);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });

  it('sees a change written by another server instance (straight to the database) within about a second', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const pending = status(s.mint, true);
    await new Promise((r) => setTimeout(r, 200));
    await t.database.db
      .updateTable('streams')
      .set({ is_currently_live: false })
      .where('mint', '=', s.mint)
      .execute();
    const changedAt = Date.now();
    expect(ZLiveStatus.parse((await pending).json()).live).toBe(false);
    expect(Date.now() - changedAt).toBeLessThan(3_000);
  });

  it('answers 404 for an unknown stream and 400 for a bad address', async () => {
    expect((await status(`0x${'5'.repeat(40)}`, false)).statusCode).toBe(404);
    expect((await status('0x123', false)).statusCode).toBe(400);
  });
});

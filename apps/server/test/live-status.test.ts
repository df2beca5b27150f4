import { ZLiveStatus } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    // With the long-poll's timer frozen, a held request could never answer: answering proves it was not held.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(ZLiveStatus.parse((await status(s.mint)).json())).toEqual({ live: true, viewers: 4 });
      expect(ZLiveStatus.parse((await status(s.mint, false)).json())).toEqual({ live: true, viewers: 4 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the request until the creator sets the stream live, then answers at once', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: me.address, is_currently_live: false });
    const pending = status(s.mint, false);
    // Room for the request to be held first (if it is not yet, it answers at once: the same outcome).
    await new Promise((r) => setTimeout(r, 300));
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${s.mint}/live`,
      payload: { live: true },
      headers: me.headers,
    });
    expect(set.statusCode).toBe(200);
    const res = await pending;
    // Had the long-poll run out instead, it would answer the unchanged `live: false`.
    expect(ZLiveStatus.parse(res.json()).live).toBe(true);
  });

  it('sees a change written by another server instance (straight to the database) within about a second', async () => {
    const s = await createStream(t.database.db, { is_currently_live: true });
    const pending = status(s.mint, true);
    await new Promise((r) => setTimeout(r, 200)); // room to be held first; either way the answer is the same
    await t.database.db
      .updateTable('streams')
      .set({ is_currently_live: false })
      .where('mint', '=', s.mint)
      .execute();
    // The shared re-read (every second) finds it; a long-poll that ran out would answer `live: true`.
    expect(ZLiveStatus.parse((await pending).json()).live).toBe(false);
  });

  it('answers 404 for an unknown stream and 400 for a bad address', async () => {
    expect((await status(`0x${'5'.repeat(40)}`, false)).statusCode).toBe(404);
    expect((await status('0x123', false)).statusCode).toBe(400);
  });
});

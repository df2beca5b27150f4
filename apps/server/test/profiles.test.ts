import { ZEngagement, ZFavorites, ZProfile, ZStreamCounts, ZViewerState } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const as = (who: SignedIn | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

describe(`profiles (${databaseKind()})`, () => {
  it('starts empty, saves a username and avatar, and never lets another wallet take the name', async () => {
    const me = await signIn(t.app);
    expect(ZProfile.parse((await as(me, 'GET', '/api/profile')).json())).toEqual({
      address: me.address,
      username: null,
      profile_image: null,
    });
    const saved = await as(me, 'PUT', '/api/profile', {
      username: 'Moon_Boy7',
      profile_image: 'https://example.com/me.png',
    });
    expect(saved.statusCode).toBe(200);
    expect(ZProfile.parse(saved.json())).toEqual({
      address: me.address,
      username: 'moon_boy7',
      profile_image: 'https://example.com/me.png',
    });
    const other = await signIn(t.app);
    const taken = await as(other, 'PUT', '/api/profile', { username: 'moon_boy7' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('That username is taken');
    // Changing only the avatar keeps the username.
    const avatarOnly = await as(me, 'PUT', '/api/profile', { profile_image: 'http://example.com/2.png' });
    expect(avatarOnly.json()).toMatchObject({
      username: 'moon_boy7',
      profile_image: 'http://example.com/2.png',
    });
  });

  it('validates username and avatar', async () => {
    const me = await signIn(t.app);
    for (const username of ['ab', 'x'.repeat(21), 'bad-name', 'spa ce', 'émile']) {
      const res = await as(me, 'PUT', '/api/profile', { username });
      expect(res.statusCode, username).toBe(400);
    }
    for (const profile_image of [
      'javascript:alert(1)',
      'ftp://example.com/a.png',
      'data:image/png;base64,AA',
      'nope',
    ]) {
      const res = await as(me, 'PUT', '/api/profile', { profile_image });
      expect(res.statusCode, profile_image).toBe(400);
    }
  });

  it('needs a session', async () => {
    expect((await as(null, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await as(null, 'PUT', '/api/profile', { username: 'someone' })).statusCode).toBe(401);
  });
});

describe(`likes, follows and favorites (${databaseKind()})`, () => {
  it('counts exactly, 0 by default, and tracks each wallet once', async () => {
    const stream = await createStream(t.database.db);
    const counts = await as(null, 'GET', `/api/streams/${stream.mint}/counts`);
    expect(ZStreamCounts.parse(counts.json())).toEqual({ likes: 0, subscribers: 0 });

    const a = await signIn(t.app);
    const b = await signIn(t.app);
    await as(a, 'POST', `/api/streams/${stream.mint}/like`);
    const twice = await as(a, 'POST', `/api/streams/${stream.mint}/like`); // idempotent
    expect(ZEngagement.parse(twice.json())).toEqual({
      likes: 1,
      subscribers: 0,
      liked: true,
      subscribed: false,
    });
    await as(b, 'POST', `/api/streams/${stream.mint}/like`);
    await as(b, 'POST', `/api/streams/${stream.mint}/subscribe`);
    expect((await as(null, 'GET', `/api/streams/${stream.mint}/counts`)).json()).toEqual({
      likes: 2,
      subscribers: 1,
    });
    expect(
      ZViewerState.parse((await as(a, 'GET', `/api/streams/${stream.mint}/viewer-state`)).json()),
    ).toEqual({
      liked: true,
      subscribed: false,
    });
    const unliked = await as(b, 'DELETE', `/api/streams/${stream.mint}/like`);
    expect(unliked.json()).toEqual({ likes: 1, subscribers: 1, liked: false, subscribed: true });
  });

  it('answers 404 for an unknown stream and 400 for a bad mint', async () => {
    const me = await signIn(t.app);
    expect((await as(me, 'POST', `/api/streams/${randomAddress()}/like`)).statusCode).toBe(404);
    expect((await as(null, 'GET', `/api/streams/${randomAddress()}/counts`)).statusCode).toBe(404);
    expect((await as(me, 'POST', '/api/streams/not-a-mint/subscribe')).statusCode).toBe(400);
  });

  it('lists favorites (liked or followed) live first, with the creator profile', async () => {
    const creator = await signIn(t.app);
    await as(creator, 'PUT', '/api/profile', {
      username: 'the_creator',
      profile_image: 'https://example.com/c.png',
    });
    const offline = await createStream(t.database.db, { creator_address: creator.address });
    const live = await createStream(t.database.db, { is_currently_live: true });
    const both = await createStream(t.database.db);
    const untouched = await createStream(t.database.db, { is_currently_live: true });
    const me = await signIn(t.app);
    await as(me, 'POST', `/api/streams/${offline.mint}/like`);
    await as(me, 'POST', `/api/streams/${live.mint}/subscribe`);
    await as(me, 'POST', `/api/streams/${both.mint}/like`);
    await as(me, 'POST', `/api/streams/${both.mint}/subscribe`);

    const fav = ZFavorites.parse((await as(me, 'GET', '/api/favorites')).json());
    const mints = fav.items.map((s) => s.mint);
    expect(mints[0]).toBe(live.mint);
    expect(new Set(mints)).toEqual(new Set([live.mint, both.mint, offline.mint]));
    expect(mints).not.toContain(untouched.mint);
    expect(fav.items.find((s) => s.mint === offline.mint)).toMatchObject({
      username: 'the_creator',
      profile_image: 'https://example.com/c.png',
    });
    // Another wallet's favorites are its own.
    const other = await signIn(t.app);
    expect(ZFavorites.parse((await as(other, 'GET', '/api/favorites')).json()).items).toEqual([]);
    expect((await as(null, 'GET', '/api/favorites')).statusCode).toBe(401);
  });
});

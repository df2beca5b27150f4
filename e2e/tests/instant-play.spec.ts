import type { Page, Route } from '@playwright/test';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 31 (instant play): what the player needs before it can join — its chunk (livekit-client) and a viewer
 * token — is asked for side by side with the page's own work, not one after the other behind it. Checked by
 * holding one request and seeing the other made meanwhile, so nothing here depends on how fast anything is.
 */
const live = streamSeed({ name: 'Instant Live', symbol: 'INST', is_currently_live: true });
const offline = streamSeed({ name: 'Instant Offline', symbol: 'OFFL' });
let app: RunningApp;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startApp({ streams: [live, offline] });
});
test.afterAll(async () => {
  await app?.stop();
});

const PLAYER_CHUNK = /\/assets\/viewer-player-[^/]+\.js$/;
const TOKEN = '/api/live/token';

/** Holds every request matching `url` unanswered until `release()` (then it goes to the server). */
const hold = async (page: Page, url: string | RegExp) => {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => (released ? route.continue() : void held.push(route)));
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
};

const watchRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return {
    playerChunk: () => urls.some((u) => PLAYER_CHUNK.test(new URL(u).pathname)),
    token: () => urls.some((u) => new URL(u).pathname === TOKEN),
  };
};

test('a visitor clicking a live stream: the player chunk is asked for before the stream lookup answers, the token before that chunk arrives', async ({
  page,
}) => {
  const seen = watchRequests(page);
  await page.goto(`${app.url}/`);
  const card = page.locator(`a[href="/livestream/${live.mint}"]`).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const lookup = await hold(page, `**/api/streams/${live.mint}/lookup`);
  const chunk = await hold(page, PLAYER_CHUNK);
  await card.click();

  // The page waits on the stream's record; the player's code is already on its way.
  await expect.poll(() => lookup.count()).toBeGreaterThan(0);
  await expect.poll(() => seen.playerChunk()).toBe(true);
  expect(lookup.count()).toBeGreaterThan(0); // still unanswered
  expect(seen.token()).toBe(false); // live is not known yet

  // The record says live: the token is asked for while the player's chunk is still held.
  await lookup.release();
  await expect.poll(() => seen.token()).toBe(true);
  expect(chunk.count()).toBeGreaterThan(0);
  await chunk.release();
  await expect(page.getByTestId('stream-video')).toBeAttached({ timeout: 30_000 });
});

test('a live stream’s page opened cold asks for the viewer token before the player chunk has arrived', async ({
  page,
}) => {
  const seen = watchRequests(page);
  const chunk = await hold(page, PLAYER_CHUNK);
  await page.goto(`${app.url}/livestream/${live.mint}`);
  // The record came with the page: no lookup to wait for, the chunk and the token are asked for together.
  await expect.poll(() => seen.playerChunk()).toBe(true);
  await expect.poll(() => seen.token()).toBe(true);
  expect(chunk.count()).toBeGreaterThan(0);
  await chunk.release();
  await expect(page.getByTestId('stream-video')).toBeAttached({ timeout: 30_000 });
});

test('an offline stream’s page asks for neither the player chunk nor a token', async ({ page }) => {
  const seen = watchRequests(page);
  await page.goto(`${app.url}/livestream/${offline.mint}`);
  await expect(page.getByTestId('player-status').getByText('Stream is offline')).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  expect(seen.playerChunk()).toBe(false);
  expect(seen.token()).toBe(false);
});

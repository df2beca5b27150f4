/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type ApiSession, apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { shotsAtWidths } from '../support/screenshots.ts';
import { installTestWallet } from '../support/test-wallet.ts';

// Two streams S1 and S2 of one creator; the follower F follows both from their pages.
const CREATOR_KEY = generatePrivateKey();
const creator = privateKeyToAccount(CREATOR_KEY).address.toLowerCase();
const alpha = { mint: randomMint(), name: 'Alpha Desk', symbol: 'ALPHA' };
const beta = { mint: randomMint(), name: 'Beta Desk', symbol: 'BETA' };
const toastText = (s: { name: string; symbol: string }) => `${s.name} ($${s.symbol}) is live now`;

let app: RunningApp;
let host: ApiSession;
test.beforeAll(async () => {
  app = await startApp({
    streams: [alpha, beta].map((s) => streamSeed({ ...s, creator_address: creator })),
  });
  host = await apiSignIn(app.url, CREATOR_KEY);
});
test.afterAll(() => app?.stop());

/** The creator sets a stream's live flag through the API (as the broadcaster does). */
const setLive = async (mint: string, live: boolean) => {
  const res = await host.post(`/api/streams/${mint}/live`, { live });
  expect(res.status, await res.text()).toBe(200);
};

type Probe = { toasts: string[]; seen: string[] };
/**
 * Installed before the page's scripts: the text of every toast that ever shows (a toast may come and go
 * between two looks), and every realtime frame once the page has handled it — recorded from a task queued
 * behind the frame's own handlers (and their microtasks), so a frame in `seen` has had all its effects.
 */
const probe = () => {
  const w = window as unknown as { probe: Probe };
  w.probe = { toasts: [], seen: [] };
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!(n instanceof HTMLElement)) continue;
        const toasts = n.matches('[data-sonner-toast]') ? [n] : n.querySelectorAll('[data-sonner-toast]');
        for (const t of toasts) w.probe.toasts.push(t.textContent ?? '');
      }
    }
  }).observe(document, { childList: true, subtree: true });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (e) => setTimeout(() => w.probe.seen.push(String(e.data)), 0));
    }
  };
};
const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { probe: Probe }).probe);
/** Resolves once the page has handled a realtime frame containing every one of `parts`. */
const handled = (page: Page, ...parts: string[]) =>
  expect
    .poll(async () => (await readProbe(page)).seen.some((f) => parts.every((p) => f.includes(p))), {
      timeout: 30_000,
    })
    .toBe(true);

test('a follower on another page gets a toast when a followed stream goes live, and none with the setting off', async ({
  page,
}) => {
  await page.addInitScript(probe);
  const wallet = await installTestWallet(page);
  const channel = `notifications_${wallet.address.toLowerCase()}`;

  // F signs in and follows S1 and S2 from their pages.
  await page.goto(`${app.url}/livestream/${alpha.mint}`);
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await dialog.getByRole('button', { name: /Mintcast Test Wallet/ }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 }); // nonce, signature and verify: slow under load
  for (const s of [alpha, beta]) {
    await page.goto(`${app.url}/livestream/${s.mint}`);
    await page.getByRole('button', { name: /^Follow(?!ing)/ }).click();
    await expect(page.getByRole('button', { name: /^Following 1/ })).toBeVisible();
  }

  // On another page, S1 goes live: the toast, and the bell's dot.
  await page.goto(`${app.url}/explore`);
  await handled(page, '"subscribed"', channel);
  const bell = page.locator('a[href="/notifications"][data-unseen]');
  await expect(page.getByTestId('notifications-dot')).toHaveCount(0);
  await setLive(alpha.mint, true);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: toastText(alpha) });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Watch' })).toBeVisible();
  await expect(page.getByTestId('notifications-dot')).toBeVisible();

  // The bell opens the list of recent notifications (issue 29 item 12) and clears the dot: S1 went live and
  // is live now. From there F goes to the settings and turns "Stream notifications" off.
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('notifications-dot')).toHaveCount(0);
  const entry = page.getByTestId('notification-live');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`${alpha.name} ($${alpha.symbol}) went live`);
  await expect(entry).toHaveAttribute('href', `/livestream/${alpha.mint}`);
  await expect(entry.getByTestId('live-badge')).toBeVisible();
  await shotsAtWidths(page, 'notifications');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const setting = page.getByRole('switch', { name: 'Stream notifications' });
  await setting.click();
  await expect(setting).toHaveAttribute('aria-checked', 'false');

  // S2 goes live: the push reaches the page and is handled — and shows nothing.
  await setLive(beta.mint, true);
  await handled(page, '"stream_went_live"', beta.mint);
  await expect(page.getByTestId('notifications-dot')).toHaveCount(0);

  // Back on, the next go-live (S1 again) toasts: a toast for S2, had there been one, would have come first.
  await setting.click();
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await setLive(alpha.mint, false);
  await setLive(alpha.mint, true);
  await expect
    .poll(async () => (await readProbe(page)).toasts.filter((t) => t.includes(toastText(alpha))).length)
    .toBe(2);
  const { toasts } = await readProbe(page);
  expect(toasts.filter((t) => t.includes(beta.name))).toEqual([]);

  // The toast's Watch link opens the stream.
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: toastText(alpha) })
    .last()
    .getByRole('button', { name: 'Watch' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/livestream/${alpha.mint}$`));

  // Already watching S1: its next go-live shows on the page itself, not as a toast (issue 29 item 12).
  const wentLiveFrames = async () =>
    (await readProbe(page)).seen.filter((f) => f.includes('"stream_went_live"') && f.includes(alpha.mint))
      .length;
  const before = await wentLiveFrames();
  await setLive(alpha.mint, false);
  await setLive(alpha.mint, true);
  await expect.poll(wentLiveFrames, { timeout: 30_000 }).toBe(before + 1);
  expect((await readProbe(page)).toasts.filter((t) => t.includes(toastText(alpha)))).toHaveLength(2);
  await expect(page.getByTestId('notifications-dot')).toHaveCount(0);
});

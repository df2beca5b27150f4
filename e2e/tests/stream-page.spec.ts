import { mkdir } from 'node:fs/promises';
import { CHAT_MESSAGE_MAX_LENGTH, chatChannelForMint, shortenAddress } from '@mintcast/contracts';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Browser, Locator, Page } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type ApiSession, apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { recordPageLog } from '../support/page-log.ts';
import { allImagesLoaded, SHOTS } from '../support/screenshots.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import { toasterMounted } from '../support/toaster.ts';

/**
 * Issue 29, the viewer's stream page: chat beside (desktop) or one tap from (phone) the player with its
 * composer on screen, who is streaming, the composer's states, toasts out of the way, a token without a
 * stream, tiny prices, and the server's refusals in the visitor's language.
 */
const creatorKey: Hex = generatePrivateKey();
const creator = privateKeyToAccount(creatorKey).address.toLowerCase();
// Market data from the stand-in's own samples (the package's, so the file runs wherever the repository is):
// TOKEN gets Pixel Pup ($0.0412), TINY Neon Frog ($3.2e-7), NO_STREAM the same Pixel Pup sample.
const TOKEN = randomMint();
const TINY = randomMint();
const NO_STREAM = randomMint();
const PAST = randomMint();
const DESCRIPTION = 'Charts, calls and questions every evening. Bring your best entries.';

// Sign-ins through the app's wallet button on a shared 2-core machine: a generous ceiling, never a wait.
test.describe.configure({ timeout: 300_000 });

let standin: MarketStandin;
let app: RunningApp;
let host: ApiSession;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  standin = await startMarketStandin();
  standin.assign(TINY, 'demo-neon-frog');
  standin.assign(TOKEN, 'demo-pixel-pup');
  standin.assign(NO_STREAM, 'demo-pixel-pup');
  app = await startApp({
    env: { MARKET_DATA_URL: standin.url },
    streams: [
      streamSeed({
        mint: TOKEN,
        name: 'XSTRM Trading Desk',
        symbol: 'XSTRM',
        is_currently_live: true,
        creator_address: creator,
        description: DESCRIPTION,
      }),
      streamSeed({ mint: PAST, name: 'Last Week Recap', symbol: 'RECAP', creator_address: creator }),
      streamSeed({ mint: TINY, name: 'Neon Frog Live', symbol: 'NFROG', creator_address: randomMint() }),
    ],
  });
  host = await apiSignIn(app.url, creatorKey);
});
test.afterAll(async () => {
  await app?.stop();
  await standin?.close();
});

const api = (who: ApiSession, method: 'PUT' | 'POST' | 'DELETE', path: string, body?: object) =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.accessToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const chat = (page: Page) => page.getByRole('region', { name: 'Live Chat' });
const composer = (page: Page) => chat(page).getByRole('textbox', { name: 'Chat message' });

/** A page signed in through the app's own wallet button (at a desktop size, where the button has its name). */
const signedIn = async (browser: Browser, key: Hex = generatePrivateKey()) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await installTestWallet(page, { privateKey: key });
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  await chat(page).getByTestId('chat-signed-out').getByRole('button').click();
  await page.getByRole('button', { name: /Mintcast Test Wallet/ }).click();
  await expect(composer(page)).toBeVisible({ timeout: 15_000 });
  return page;
};

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
};
const inside = (box: Box, viewport: { width: number; height: number }) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the composer is on screen beside the whole video at 1280×800 and 1920×1080, and one tap away at 390×844', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    const player = page.getByTestId('stream-player');
    await expect(player).toBeVisible();
    // The phone's tabs are not there on a desktop: the chat is a column beside the player.
    await expect(page.getByRole('tablist', { name: 'Stream sections' })).toBeHidden();
    expect(inside(await boxOf(composer(page)), viewport), `composer at ${viewport.width}`).toBe(true);
    expect(inside(await boxOf(player), viewport), `player at ${viewport.width}`).toBe(true);
    // Focusing the composer scrolls nothing away.
    await composer(page).focus();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(inside(await boxOf(player), viewport)).toBe(true);
    // The chat column stays put while the token and trade cards scroll by.
    await page.getByRole('region', { name: 'Trading data' }).scrollIntoViewIfNeeded();
    expect(
      inside(await boxOf(composer(page)), viewport),
      `composer after scrolling at ${viewport.width}`,
    ).toBe(true);
  }

  const phone = { width: 390, height: 844 };
  await page.setViewportSize(phone);
  await page.evaluate(() => window.scrollTo(0, 0));
  const tabs = page.getByRole('tablist', { name: 'Stream sections' });
  // The token and trading cards first, the chat one tap away.
  await expect(page.getByRole('region', { name: 'Token info' })).toBeVisible();
  await expect(composer(page)).toBeHidden();
  await tabs.getByRole('tab', { name: 'Chat' }).click();
  await expect(tabs.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(composer(page)).toBeVisible();
  expect(inside(await boxOf(composer(page)), phone), 'composer at 390').toBe(true);
  expect(inside(await boxOf(page.getByTestId('stream-player')), phone), 'player at 390').toBe(true);
  const playerBox = await boxOf(page.getByTestId('stream-player'));
  expect(playerBox.y).toBeLessThan((await boxOf(chat(page))).y); // the player stays on top
  await composer(page).focus();
  expect(inside(await boxOf(composer(page)), phone)).toBe(true);
  // And back: the cards are reachable again.
  await tabs.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('region', { name: 'Trading data' })).toBeVisible();
  await page.context().close();
});

test('who is streaming: name or short address, avatar, follow, description, and the creator page', async ({
  page,
}) => {
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  const who = page.getByTestId('stream-creator');
  // No profile yet: the short address, never "Anonymous".
  await expect(who.getByTestId('creator-name')).toHaveText(shortenAddress(creator));
  await expect(who.getByTestId('stream-description')).toHaveText(DESCRIPTION);
  await expect(who.getByTestId('follow-button')).toBeVisible();
  await expect(page.getByText('Anonymous')).toHaveCount(0);

  expect((await api(host, 'PUT', '/api/profile', { username: 'desk_host' })).status).toBe(200);
  await page.reload();
  await expect(who.getByTestId('creator-name')).toHaveText('desk_host');
  await who.getByTestId('creator-link').click();
  await expect(page).toHaveURL(`${app.url}/creator/${creator}`);
  await expect(page.getByTestId('creator-title')).toHaveText('Streams by desk_host');
  await expect(page.getByTestId('creator-live').getByTestId('stream-card')).toHaveCount(1);
  await expect(page.getByTestId('creator-live')).toContainText('XSTRM Trading Desk');
  await expect(page.getByTestId('creator-past').getByTestId('stream-card')).toHaveCount(1);
  await expect(page.getByTestId('creator-past')).toContainText('Last Week Recap');
  await expect(page.getByText('2 streams')).toBeVisible();

  // Cards of a creator without a username show the short address.
  await page.goto(`${app.url}/explore`);
  const card = page.getByTestId('stream-card').filter({ hasText: 'Neon Frog Live' });
  await expect(card.getByTestId('card-creator')).toHaveText(/^0x[0-9a-f]{4}\.\.\.[0-9a-f]{4}$/);
  await expect(page.getByTestId('card-creator').filter({ hasText: 'Anonymous' })).toHaveCount(0);
});

test('signed out the chat offers Connect; over the limit says why; a timed-out or banned viewer is told before typing', async ({
  page,
  browser,
}) => {
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  const signedOut = chat(page).getByTestId('chat-signed-out');
  await expect(signedOut).toContainText('Connect your wallet to join the conversation');
  await signedOut.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  const viewerKey = generatePrivateKey();
  const viewer = privateKeyToAccount(viewerKey).address.toLowerCase();
  const me = await signedIn(browser, viewerKey);
  // Over the limit: Enter does nothing, and the composer says why.
  await composer(me).fill('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 3));
  const hint = chat(me).getByTestId('chat-hint');
  await expect(hint).toHaveText('Too long to send: remove 3 characters (the limit is 500)');
  await expect(composer(me)).toHaveAttribute('aria-invalid', 'true');
  await expect(chat(me).getByRole('button', { name: 'Send message' })).toBeDisabled();
  await composer(me).press('Enter');
  await expect(composer(me)).toHaveValue('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 3));
  await composer(me).fill('short enough');
  await expect(hint).toHaveText('');

  // The host times the viewer out: on the next visit the composer says until when, with no box to type in.
  const mute = await api(host, 'POST', `/api/streams/${TOKEN}/mutes`, { address: viewer, minutes: 10 });
  expect(mute.status).toBe(200);
  await me.reload();
  const sanction = chat(me).getByTestId('chat-sanction');
  await expect(sanction).toContainText(/You are timed out in this chat until \d{1,2}:\d{2}/);
  await expect(composer(me)).toHaveCount(0);

  await me.context().close();
});

// It failed in full-suite runs until the chat's moderation re-read stopped joining a first read still in flight
// (the test after the next); its report carries the page's log (sockets, frames, requests in order).
test('a viewer banned while watching sees the composer close with the reason', async ({ browser }) => {
  const viewerKey = generatePrivateKey();
  const viewer = privateKeyToAccount(viewerKey).address.toLowerCase();
  const me = await signedIn(browser, viewerKey);
  const sanction = chat(me).getByTestId('chat-sanction');
  // The ban must come after the reloaded page has subscribed to the stream's chat (else there is no push to get).
  const frames: string[] = [];
  const log = recordPageLog(me, app.url);
  me.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  try {
    await me.reload();
    await expect(composer(me)).toBeVisible();
    const channel = chatChannelForMint(TOKEN.toLowerCase());
    await expect
      .poll(() => frames.some((f) => f.includes('"subscribed"') && f.includes(channel)), { timeout: 60_000 })
      .toBe(true);
    log.mark('ban');
    expect((await api(host, 'PUT', `/api/streams/${TOKEN}/bans/${viewer}`)).status).toBe(204);
    log.mark('banned');
    // Generous: with the whole suite on 2 cores this missed 20 s twice (the ban's NOTIFY, the push, the refetch).
    await expect(sanction).toHaveText('You are banned from this chat', { timeout: 60_000 });
    await expect(composer(me)).toHaveCount(0);
  } catch (err) {
    await log.attach('page-log');
    throw err;
  }
  expect((await api(host, 'DELETE', `/api/streams/${TOKEN}/bans/${viewer}`)).status).toBe(204);
  await me.context().close();
});

test('a ban made before the chat has subscribed closes the composer once it subscribes', async ({
  browser,
}) => {
  const viewerKey = generatePrivateKey();
  const viewer = privateKeyToAccount(viewerKey).address.toLowerCase();
  const me = await signedIn(browser, viewerKey);
  const channel = chatChannelForMint(TOKEN.toLowerCase());
  // The reloaded page reads its moderation overview (not banned), while its chat subscription and first
  // history page are held back; the ban lands in that gap, so no push can reach the page.
  let releaseSubscribe = () => {};
  const subscribeHeld = new Promise<void>((held) => {
    void me.routeWebSocket(/\/api\/realtime/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        if (typeof frame === 'string' && frame.includes('"subscribe"') && frame.includes(channel)) {
          releaseSubscribe = () => server.send(frame);
          held();
        } else server.send(frame);
      });
    });
  });
  let releaseHistory = () => {};
  const historyGate = new Promise<void>((open) => {
    releaseHistory = open;
  });
  await me.route(`**/api/streams/${TOKEN}/messages?*`, async (route) => {
    await historyGate;
    await route.continue();
  });
  const overviewRead = me.waitForResponse(
    (r) => r.url().endsWith(`/api/streams/${TOKEN}/moderation`) && r.status() === 200,
  );
  await me.reload();
  await overviewRead;
  await subscribeHeld;
  expect((await api(host, 'PUT', `/api/streams/${TOKEN}/bans/${viewer}`)).status).toBe(204);
  // The subscription takes (its presence count shows) while the first history page is still loading; then
  // that page is let go.
  releaseSubscribe();
  await expect(chat(me).getByTestId('chat-online')).toHaveText(/\d/);
  releaseHistory();
  await expect(chat(me).getByTestId('chat-sanction')).toHaveText('You are banned from this chat');
  await expect(composer(me)).toHaveCount(0);
  expect((await api(host, 'DELETE', `/api/streams/${TOKEN}/bans/${viewer}`)).status).toBe(204);
  await me.context().close();
});

test('a ban pushed while the first moderation read is still in flight closes the composer', async ({
  browser,
}) => {
  const viewerKey = generatePrivateKey();
  const viewer = privateKeyToAccount(viewerKey).address.toLowerCase();
  const me = await signedIn(browser, viewerKey);
  const line = chat(me).getByTestId('chat-message').filter({ hasText: 'still reading' });
  await composer(me).fill('still reading');
  await composer(me).press('Enter');
  await expect(line).toBeVisible();
  // Every moderation read of the reloaded page is answered as the server saw it when it was asked, but held
  // back until the ban's push has reached the page (its own line leaves the chat). The page's first read
  // left before the ban: joining it, as a plain invalidation does, keeps "not banned".
  let openGate = () => {};
  const gate = new Promise<void>((open) => {
    openGate = open;
  });
  const held = new Promise<void>((heldOne) => {
    void me.route(`**/api/streams/${TOKEN}/moderation`, async (route) => {
      const response = await route.fetch();
      heldOne();
      await gate;
      await route.fulfill({ response }).catch(() => {}); // the page may have dropped this read
    });
  });
  const frames: string[] = [];
  me.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await me.reload();
  await expect(line).toBeVisible();
  await held;
  const channel = chatChannelForMint(TOKEN.toLowerCase());
  await expect
    .poll(() => frames.some((f) => f.includes('"subscribed"') && f.includes(channel)), { timeout: 60_000 })
    .toBe(true);
  expect((await api(host, 'PUT', `/api/streams/${TOKEN}/bans/${viewer}`)).status).toBe(204);
  await expect(line).toHaveCount(0, { timeout: 60_000 });
  openGate();
  await expect(chat(me).getByTestId('chat-sanction')).toHaveText('You are banned from this chat');
  await expect(composer(me)).toHaveCount(0);
  expect((await api(host, 'DELETE', `/api/streams/${TOKEN}/bans/${viewer}`)).status).toBe(204);
  await me.context().close();
});

test('toasts never cover the chat composer or a submit button (1280×800 and 390×844)', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.reload();
  await expect(composer(page)).toBeVisible();
  await toasterMounted(page);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    if (viewport.width < 1024) await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByRole('button', { name: 'Share' }).click();
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Stream link copied to clipboard!' })
      .last();
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    const toastBox = await boxOf(toast);
    expect(
      overlaps(toastBox, await boxOf(composer(page))),
      `toast over the composer at ${viewport.width}`,
    ).toBe(false);
    for (const submit of await page.locator('button[type="submit"]:visible').all()) {
      expect(overlaps(toastBox, await boxOf(submit)), `toast over a submit button at ${viewport.width}`).toBe(
        false,
      );
    }
  }
  await page.context().close();
});

test('a real token without a stream shows the token and "Start streaming this token"', async ({ page }) => {
  await page.goto(`${app.url}/livestream/${NO_STREAM}`);
  await expect(page.getByRole('heading', { name: 'No stream for this token yet' })).toBeVisible();
  await expect(page.getByTestId('token-name')).toHaveText('Pixel Pup');
  await expect(page.getByRole('region', { name: 'Trading data' })).toContainText('$0.041200');
  const start = page.getByRole('link', { name: 'Start streaming this token' });
  await expect(start).toHaveAttribute('href', `/start-streaming?token=${NO_STREAM}`);
  // An address nobody trades is still "Stream Not Found".
  await page.goto(`${app.url}/livestream/${randomMint()}`);
  await expect(page.getByRole('heading', { name: 'Stream Not Found' })).toBeVisible();
});

test('tiny prices read like a trading site: $0.0₆32, never 3.20e-7, in every language', async ({ page }) => {
  await page.goto(`${app.url}/livestream/${TINY}`);
  const figures = page.getByTestId('trading-figures');
  const price = figures.locator('div', { has: page.getByText('Price', { exact: true }) }).locator('dd');
  await expect(price).toHaveText('$0.0₆32');
  await expect(page.getByRole('main')).not.toContainText(/\de-\d/);
  await page.evaluate(() => localStorage.setItem('mintcast.settings', JSON.stringify({ language: 'fr' })));
  await page.reload();
  await expect(page.getByTestId('trading-figures')).toContainText('0,0₆32\u00a0$');
});

for (const [language, texts] of [
  [
    'es',
    {
      slow: /El modo lento está activado\. Podrás enviar otro mensaje en \d+ s/,
      word: 'Tu mensaje no se envió: «rugpull» no está permitido en este chat',
      placeholder: 'Buscar o pegar dirección de token...',
    },
  ],
  [
    'fr',
    {
      slow: /Le mode lent est activé\. Vous pourrez envoyer un autre message dans \d+ s/,
      word: 'Votre message n’a pas été envoyé : « rugpull » n’est pas autorisé dans ce chat',
      placeholder: 'Chercher ou coller une adresse...',
    },
  ],
] as const) {
  test(`server-made chat refusals are shown in ${language}, and the search placeholder fits`, async ({
    browser,
  }) => {
    const page = await signedIn(browser);
    await page.evaluate(
      (lang) => localStorage.setItem('mintcast.settings', JSON.stringify({ language: lang })),
      language,
    );
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // Found by test id: the chat's own names are in the page's language now.
    const column = page.getByTestId('chat-column');
    const input = column.getByTestId('chat-composer').getByRole('textbox');
    await expect(input).toBeVisible();
    const search = page.getByRole('banner').getByRole('searchbox');
    await expect(search).toHaveAttribute('placeholder', texts.placeholder);
    // The placeholder is not cut: its text is no wider than the box's content area.
    const fits = await search.evaluate((box: HTMLInputElement) => {
      const style = getComputedStyle(box);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        box.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return ctx.measureText(box.placeholder).width <= room;
    });
    expect(fits, `${language} search placeholder fits at 1280 px`).toBe(true);

    const settings = (body: object) => api(host, 'PUT', `/api/streams/${TOKEN}/chat-settings`, body);
    expect((await settings({ bannedWords: ['rugpull'], slowModeSeconds: 0 })).status).toBe(200);
    const hint = column.getByTestId('chat-hint');
    await input.fill('total rugpull');
    await input.press('Enter');
    await expect(hint).toHaveText(texts.word);

    expect((await settings({ bannedWords: [], slowModeSeconds: 60 })).status).toBe(200);
    await input.fill(`first ${language}`);
    await input.press('Enter');
    await expect(column.getByTestId('chat-message').filter({ hasText: `first ${language}` })).toBeVisible();
    await input.fill(`second ${language}`);
    await input.press('Enter');
    await expect(hint).toHaveText(texts.slow);
    expect((await settings({ slowModeSeconds: 0 })).status).toBe(200);
    await page.context().close();
  });
}

test('screenshots of the stream page: signed out and in at 1280 px, and on a phone with the chat open', async ({
  page,
  browser,
}) => {
  await mkdir(SHOTS, { recursive: true });
  await host.post(`/api/streams/${TOKEN}/messages`, { content: 'gm everyone, charts in five minutes' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}/livestream/${TOKEN}`);
  await expect(chat(page).getByTestId('chat-message').first()).toBeVisible();
  await expect(page.getByTestId('trading-figures')).toBeVisible();
  await allImagesLoaded(page);
  await page.screenshot({ path: `${SHOTS}/stream-page-signed-out-1280.png` });

  const me = await signedIn(browser);
  await composer(me).fill('wen moon?');
  await composer(me).press('Enter');
  await expect(chat(me).getByTestId('chat-message').filter({ hasText: 'wen moon?' })).toBeVisible();
  await expect(me.getByTestId('trading-figures')).toBeVisible();
  await allImagesLoaded(me);
  await me.screenshot({ path: `${SHOTS}/stream-page-signed-in-1280.png` });
  await me.setViewportSize({ width: 390, height: 844 });
  await me.getByRole('tab', { name: 'Chat' }).click();
  await expect(composer(me)).toBeVisible();
  await me.screenshot({ path: `${SHOTS}/stream-page-chat-390.png` });
  await me.getByRole('tab', { name: 'About' }).click();
  await me.screenshot({ path: `${SHOTS}/stream-page-about-390.png` });
  await me.context().close();
});

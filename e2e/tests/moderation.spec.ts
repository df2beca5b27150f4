import type { Browser, Page } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { SHOTS, STILL } from '../support/screenshots.ts';
import { installTestWallet } from '../support/test-wallet.ts';

/**
 * Issue 16 end to end: a viewer reports a message, the admin bans its author from /admin (next post refused,
 * the author's live stream ends), the creator's chat tools (banned word, slow mode shown and enforced), and
 * an NSFW stream absent from lists until Settings' "Show NSFW streams", then behind the interstitial.
 */
const adminKey = generatePrivateKey();
const creatorKey = generatePrivateKey();
const authorKey = generatePrivateKey();
const address = (key: Hex) => privateKeyToAccount(key).address.toLowerCase();
const chatMint = randomMint();
const authorMint = randomMint();
const nsfwMint = randomMint();
const shieldMint = randomMint();
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server start with a seed, on a shared 2-core machine
  app = await startApp({
    streams: [
      streamSeed({
        mint: chatMint,
        name: 'Moderated Coin',
        symbol: 'MOD',
        creator_address: address(creatorKey),
        is_currently_live: true,
      }),
      streamSeed({
        mint: shieldMint,
        name: 'Shielded Coin',
        symbol: 'SHLD',
        creator_address: address(creatorKey),
        is_currently_live: true,
      }),
      streamSeed({
        mint: authorMint,
        name: 'Author Coin',
        symbol: 'AUTH',
        creator_address: address(authorKey),
        is_currently_live: true,
      }),
    ],
    env: { ADMIN_ADDRESSES: address(adminKey) },
  });
});
test.afterAll(() => app?.stop());

/** A wallet signed in from the test process; `post` sends JSON as it. */
const apiWallet = (key: Hex) => apiSignIn(app.url, key);

/** A browser page signed in with `key` through the app's own wallet button, at `path`. */
const signedInPage = async (
  browser: Browser,
  key: Hex,
  path: string,
  viewport = { width: 1280, height: 900 },
) => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await installTestWallet(page, { privateKey: key });
  await page.goto(`${app.url}${path}`);
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
  await page.getByRole('button', { name: /Mintcast Test Wallet/ }).click();
  return page;
};

const chat = (page: Page) => page.getByRole('region', { name: 'Live Chat' });
const send = async (page: Page, content: string) => {
  const input = chat(page).getByRole('textbox', { name: 'Chat message' });
  await input.fill(content);
  await input.press('Enter');
};

test('report → admin ban → chat tools → NSFW, as the users see it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(420_000);
  const author = await apiWallet(authorKey);
  expect(
    (await author.post(`/api/streams/${chatMint}/messages`, { content: 'you are all idiots' })).status,
  ).toBe(201);

  // A viewer reports the message from its menu.
  const viewer = await signedInPage(browser, generatePrivateKey(), `/livestream/${chatMint}`);
  await expect(chat(viewer).getByRole('textbox', { name: 'Chat message' })).toBeVisible({ timeout: 15_000 });
  const line = chat(viewer).getByTestId('chat-message').filter({ hasText: 'you are all idiots' });
  await line.hover();
  await line.getByRole('button', { name: 'Report message' }).click();
  const dialog = viewer.getByRole('dialog', { name: 'Report message' });
  await dialog.getByLabel('Harassment').check();
  await dialog.getByRole('textbox').fill('insults everyone');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(viewer.getByText('your report was sent to the moderators')).toBeVisible();
  // Only administrators get the sidebar link to /admin.
  await expect(viewer.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  // The admin sees it in the queue, in context, and bans the author.
  const admin = await signedInPage(browser, adminKey, '/');
  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin', exact: true })
    .click();
  await expect(admin).toHaveURL(/\/admin$/);
  const report = admin.getByTestId('admin-report').filter({ hasText: 'you are all idiots' });
  await expect(report).toContainText('Harassment');
  await expect(report).toContainText('Moderated Coin');
  await report.getByRole('button', { name: 'Ban author' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Ban the author site-wide' });
  await confirm.getByRole('textbox').fill('harassment in chat');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByTestId('admin-audit')).toContainText('Banned wallet');
  await expect(admin.getByTestId('admin-audit')).toContainText('harassment in chat');
  await expect(admin.getByTestId('admin-bans')).toContainText('harassment in chat');
  await expect(report).toContainText('Author banned');
  await admin.screenshot({ path: testInfo.outputPath('admin-1280.png'), fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: testInfo.outputPath('admin-390.png'), fullPage: true });

  // The author's next post is refused, their live stream has ended, their message is gone for the viewer.
  const refused = await author.post(`/api/streams/${chatMint}/messages`, { content: 'still here' });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error.message).toBe('Your wallet is banned from Mintcast');
  expect((await (await request.get(`${app.url}/api/streams/${authorMint}`)).json()).is_currently_live).toBe(
    false,
  );
  await expect(line).toHaveCount(0);

  // The creator opens the chat tools: a banned word, then slow mode.
  const creator = await signedInPage(browser, creatorKey, `/livestream/${chatMint}`);
  await chat(creator).getByRole('button', { name: 'Chat tools' }).click();
  const tools = creator.getByTestId('chat-tools');
  await tools.getByRole('textbox', { name: 'Banned word' }).fill('rugpull');
  await tools.getByRole('button', { name: 'Add banned word' }).click();
  await expect(tools.getByRole('button', { name: 'Allow rugpull' })).toBeVisible();
  await send(viewer, 'this is a RUGPULL');
  await expect(
    viewer.getByText('Your message was not sent: "rugpull" is not allowed in this chat'),
  ).toBeVisible();

  await tools.getByRole('combobox', { name: 'Slow mode' }).selectOption('120');
  await expect(chat(viewer).getByTestId('chat-modes')).toHaveText('Slow mode: 120 s');
  await send(viewer, 'first under slow mode');
  const messages = (page: Page) => chat(page).getByTestId('chat-message');
  await expect(messages(viewer).filter({ hasText: 'first under slow mode' })).toBeVisible();
  await send(viewer, 'second too soon');
  await expect(viewer.getByText(/Slow mode is on\. You can send another message in \d+ s/)).toBeVisible();
  await expect(messages(creator).filter({ hasText: 'first under slow mode' })).toBeVisible();
  await expect(messages(creator).filter({ hasText: 'second too soon' })).toHaveCount(0);
  await creator.screenshot({ path: testInfo.outputPath('chat-tools-1280.png') });
  await creator.setViewportSize({ width: 390, height: 844 });
  // On a phone the chat is the second tab under the player (issue 29).
  await creator.getByRole('tab', { name: 'Chat' }).click();
  await chat(creator).scrollIntoViewIfNeeded();
  await chat(creator).screenshot({ path: testInfo.outputPath('chat-tools-390.png') });

  // An NSFW stream: absent from lists until the setting is on, then behind the interstitial.
  const nsfwCreator = await apiWallet(generatePrivateKey());
  const up = await nsfwCreator.post('/api/streams', {
    mint: nsfwMint,
    name: 'Spicy Coin',
    symbol: 'SPICY',
    is_currently_live: true,
    is_nsfw: true,
  });
  expect(up.status).toBe(200);
  await viewer.goto(`${app.url}/explore`);
  await expect(viewer.getByText('Moderated Coin').first()).toBeVisible();
  await expect(viewer.getByText('Spicy Coin')).toHaveCount(0);
  await viewer.goto(`${app.url}/settings`);
  await viewer.getByRole('switch', { name: 'Show NSFW streams' }).click();
  await viewer.goto(`${app.url}/explore`);
  await viewer.getByText('Spicy Coin').first().click();
  await expect(viewer.getByTestId('nsfw-interstitial')).toHaveText('This stream is marked NSFW');
  await expect(viewer.getByTestId('stream-name')).toHaveCount(0);
  await viewer.getByRole('button', { name: 'I am 18 or older, continue' }).click();
  await expect(viewer.getByTestId('stream-name')).toHaveText('Spicy Coin');
  for (const page of [viewer, admin, creator]) await page.context().close();
});

test('crypto-chat safety: links off except the allowlist, Shield mode on and off, the moderation log', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const viewer = await signedInPage(browser, generatePrivateKey(), `/livestream/${shieldMint}`);
  await expect(chat(viewer).getByRole('textbox', { name: 'Chat message' })).toBeVisible({ timeout: 15_000 });
  const messages = (page: Page) => chat(page).getByTestId('chat-message');

  // Links are off by default.
  await send(viewer, 'claim at https://pancake-claim.xyz/now');
  await expect(
    viewer.getByText('Your message was not sent: links to pancake-claim.xyz are not allowed in this chat'),
  ).toBeVisible();

  // The creator allows one domain, typed as a whole URL, and it becomes a plain domain.
  const creator = await signedInPage(browser, creatorKey, `/livestream/${shieldMint}`);
  await chat(creator).getByRole('button', { name: 'Chat tools' }).click();
  const tools = creator.getByTestId('chat-tools');
  const allowlist = tools.getByTestId('link-allowlist');
  await allowlist.getByRole('textbox', { name: 'Allowed domain' }).fill('not a domain');
  await allowlist.getByRole('button', { name: 'Add allowed domain' }).click();
  await expect(allowlist.getByRole('alert')).toHaveText('Enter a domain name such as example.com');
  await allowlist
    .getByRole('textbox', { name: 'Allowed domain' })
    .fill('https://www.PancakeSwap.finance/swap');
  await allowlist.getByRole('button', { name: 'Add allowed domain' }).click();
  await expect(allowlist.getByRole('button', { name: 'Remove pancakeswap.finance' })).toBeVisible();
  await send(viewer, 'trade on https://pancakeswap.finance/swap');
  await expect(
    messages(viewer).getByRole('link', { name: 'https://pancakeswap.finance/swap' }),
  ).toBeVisible();

  // Shield mode: one switch, four settings; every viewer sees it.
  await tools.getByRole('checkbox', { name: 'Shield mode' }).check();
  await expect(chat(viewer).getByTestId('chat-modes')).toContainText('Shield mode');
  await expect(chat(viewer).getByTestId('chat-modes')).toContainText('Slow mode: 30 s');
  await expect(chat(viewer).getByTestId('chat-modes')).toContainText('Followers-only chat');
  await send(viewer, 'gm shield');
  await expect(viewer.getByText('This chat is followers-only. Follow the stream to chat.')).toBeVisible();
  await tools.getByRole('heading', { name: 'Moderation log' }).scrollIntoViewIfNeeded();
  await expect(tools.getByTestId('moderation-log-entry').first()).toContainText('turned Shield mode on');
  await creator.screenshot({ path: `${SHOTS}/chat-safety-tools-1280.png`, style: STILL });

  await tools.getByRole('checkbox', { name: 'Shield mode' }).uncheck();
  await expect(chat(viewer).getByTestId('chat-modes')).toHaveCount(0);
  await send(viewer, 'gm without shield');
  await expect(messages(creator).filter({ hasText: 'gm without shield' })).toBeVisible();
  const log = tools.getByTestId('moderation-log-entry');
  await expect(log.first()).toContainText('turned Shield mode off');
  await expect(log.filter({ hasText: 'changed the chat settings' })).toContainText('pancakeswap.finance');

  await creator.setViewportSize({ width: 390, height: 844 });
  await creator.getByRole('tab', { name: 'Chat' }).click();
  await chat(creator).scrollIntoViewIfNeeded();
  await chat(creator).screenshot({ path: `${SHOTS}/chat-safety-tools-390.png`, style: STILL });
});

import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { installTestWallet } from '../support/test-wallet.ts';

const mint = randomMint();
const creatorKey = generatePrivateKey();
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp({
    streams: [
      streamSeed({
        mint,
        name: 'Chat Coin',
        symbol: 'CHAT',
        is_currently_live: true,
        creator_address: privateKeyToAddress(creatorKey).toLowerCase(),
      }),
    ],
  });
});
test.afterAll(() => app?.stop());

/** A fresh wallet signed in from the test process, posting to the stream's chat. */
const apiPoster = async () => {
  const session = await apiSignIn(app.url);
  return {
    address: session.address,
    post: async (content: string) => {
      const res = await session.post(`/api/streams/${mint}/messages`, { content });
      expect(res.status).toBe(201);
    },
  };
};

const chat = (page: Page) => page.getByRole('region', { name: 'Live Chat' });

test('a visitor without a wallet reads history and live messages, and sees only the connect prompt', async ({
  page,
}) => {
  // Links are off by default: the creator allows this one domain.
  const creator = await apiSignIn(app.url, creatorKey);
  expect(
    (await creator.put(`/api/streams/${mint}/chat-settings`, { linkAllowlist: ['example.com'] })).status,
  ).toBe(200);
  const poster = await apiPoster();
  await poster.post('gm from history');
  await poster.post('<b>not bold</b> https://example.com/x');

  await page.goto(`${app.url}/livestream/${mint}`);
  const panel = chat(page);
  await expect(panel.getByRole('heading', { name: 'Live Chat' })).toBeVisible();
  await expect(panel.getByTestId('chat-message')).toHaveCount(2);
  await expect(panel.getByText('gm from history')).toBeVisible();
  // HTML is shown as text; only the http(s) URL is a link.
  await expect(panel.getByText('<b>not bold</b>', { exact: false })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'https://example.com/x' })).toHaveAttribute(
    'href',
    'https://example.com/x',
  );
  await expect(
    panel.getByText(`${poster.address.slice(0, 6)}...${poster.address.slice(-4)}`).first(),
  ).toBeVisible();
  await expect(panel.getByText('Connect your wallet to join the conversation')).toBeVisible();
  await expect(panel.getByRole('textbox')).toHaveCount(0);
  // This visitor is connected: the online count is real.
  await expect(panel.getByTestId('chat-online')).toContainText('1');

  await poster.post('arrives live');
  await expect(panel.getByText('arrives live')).toBeVisible();
  await expect(panel.getByTestId('chat-message')).toHaveCount(3);
});

test('two wallets chat on one stream page, each seeing the other once', async ({ browser }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [alice, bob] = await Promise.all(contexts.map((c) => c.newPage()));
  if (!alice || !bob) throw new Error('no pages');
  for (const page of [alice, bob]) {
    await installTestWallet(page);
    await page.goto(`${app.url}/livestream/${mint}`);
    // Connect and sign in through the app's own wallet button.
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await page.getByRole('button', { name: /Mintcast Test Wallet/ }).click();
    await expect(chat(page).getByRole('textbox', { name: 'Chat message' })).toBeVisible({ timeout: 15_000 });
  }
  await expect(chat(alice).getByTestId('chat-online')).toContainText('2');

  const input = chat(alice).getByRole('textbox', { name: 'Chat message' });
  await input.fill('hello bob');
  await expect(chat(alice).getByTestId('chat-counter')).toHaveText('9/500');
  await chat(alice).getByRole('button', { name: 'Send message' }).click();
  await expect(chat(bob).getByText('hello bob')).toHaveCount(1);

  await chat(bob).getByRole('textbox', { name: 'Chat message' }).fill('hi alice');
  await chat(bob).getByRole('textbox', { name: 'Chat message' }).press('Enter');
  await expect(chat(alice).getByText('hi alice')).toHaveCount(1);
  await expect(chat(alice).getByText('hello bob')).toHaveCount(1);
  await Promise.all(contexts.map((c) => c.close()));
});

test("another contract's address in chat is masked behind a warning; the stream's own is shown", async ({
  page,
}) => {
  const fake = `0x${'5a'.repeat(20)}`;
  const poster = await apiPoster();
  await poster.post(`the real CA is ${fake} not ${mint}`);
  await page.goto(`${app.url}/livestream/${mint}`);
  const line = chat(page).getByTestId('chat-message').filter({ hasText: 'the real CA is' });
  await expect(line).toContainText(mint);
  await expect(line).not.toContainText(fake);
  await line.getByRole('button', { name: 'Show the hidden contract address' }).click();
  await expect(line.getByTestId('revealed-address')).toContainText(fake);
  await expect(line.getByRole('note')).toHaveText(
    "Not this stream's token. Scammers post fake contract addresses: check before you trade.",
  );
});

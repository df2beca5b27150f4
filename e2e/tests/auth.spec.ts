/// <reference lib="dom" />
import { AUTH_STORAGE_KEY, BSC_CHAIN_ID, SIWE_STATEMENT } from '@mintcast/contracts';
import type { Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from '../support/axe.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { installTestWallet, TEST_WALLET_INFO } from '../support/test-wallet.ts';

const liked = streamSeed({ name: 'Favorite Token', symbol: 'FAVE', is_currently_live: true });
const other = streamSeed({ name: 'Other Token', symbol: 'OTHR' });

let app: RunningApp;
test.beforeAll(async () => {
  test.setTimeout(180_000); // seeding and boot share 2 cores with other runs
  app = await startApp({ streams: [liked, other] });
});
test.afterAll(() => app?.stop());

test('the test wallet is discovered via EIP-6963 and its signature signs in on the real server', async ({
  page,
}) => {
  const wallet = await installTestWallet(page);
  await page.goto(`${app.url}/`);
  const announced = await page.evaluate(
    () =>
      new Promise<{ name: string; rdns: string; accounts: string[]; chainId: string }>((resolve) => {
        window.addEventListener('eip6963:announceProvider', async (e) => {
          const { info, provider } = (e as CustomEvent).detail;
          const accounts = await provider.request({ method: 'eth_requestAccounts' });
          const chainId = await provider.request({ method: 'eth_chainId' });
          resolve({ name: info.name, rdns: info.rdns, accounts, chainId });
        });
        window.dispatchEvent(new Event('eip6963:requestProvider'));
      }),
  );
  expect(announced).toEqual({
    name: TEST_WALLET_INFO.name,
    rdns: TEST_WALLET_INFO.rdns,
    accounts: [wallet.address],
    chainId: '0x38',
  });

  const nonce = (await (await page.request.get(`${app.url}/api/auth/nonce`)).json()).nonce as string;
  const origin = new URL(app.url);
  const message = createSiweMessage({
    address: wallet.address as `0x${string}`,
    chainId: BSC_CHAIN_ID,
    domain: origin.host,
    uri: origin.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
  });
  const status = await page.evaluate(
    async ({ message, address }) => {
      const eth = (window as unknown as { ethereum: { request(a: unknown): Promise<string> } }).ethereum;
      const hex = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`;
      const signature = await eth.request({ method: 'personal_sign', params: [hex, address] });
      const res = await fetch('/api/auth/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature }),
      });
      return { status: res.status, body: await res.json() };
    },
    { message, address: wallet.address },
  );
  expect(status.status).toBe(200);
  expect(status.body.user.address).toBe(wallet.address.toLowerCase());
});

const topBar = (page: Page) => page.locator('header').first();
const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`.toLowerCase();

/** Open the connect dialog from the top bar and pick the test wallet: connect + one signature. */
const connectAndSignIn = async (page: Page, screenshot?: string) => {
  await topBar(page).getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(dialog).toBeVisible();
  if (screenshot) await page.screenshot({ path: screenshot });
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 }); // nonce, signature and verify: slow on a loaded machine
};

test('connect → sign → reload → username → like → favorites → disconnect', async ({ page }) => {
  const wallet = await installTestWallet(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}/favorites`);
  await expect(page.getByTestId('connect-prompt')).toContainText('Connect your wallet to view favorites');

  await connectAndSignIn(page, 'docs/screenshots/connect-dialog-1280.png');
  await expect(topBar(page).getByTestId('wallet-address')).toHaveText(short(wallet.address));
  await expect(topBar(page).getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect(page.getByText('No favorites yet')).toBeVisible();
  const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), AUTH_STORAGE_KEY);
  expect(stored.user.address).toBe(wallet.address.toLowerCase());

  await page.reload();
  await expect(topBar(page).getByTestId('wallet-address')).toHaveText(short(wallet.address));
  await expect(page.getByText('No favorites yet')).toBeVisible();
  await expect(page.getByTestId('connect-prompt')).toHaveCount(0);

  await page.goto(`${app.url}/profile`);
  await page.getByLabel('Username').fill('e2e_tester');
  await page.getByLabel('Avatar image URL').fill('https://example.com/avatar.png');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('profile-username')).toHaveText('e2e_tester');
  await page.screenshot({ path: 'docs/screenshots/profile-1280.png' });
  await expectNoSeriousA11yViolationsInBothThemes(page, 'profile (signed in)');

  // Settings → "Show wallet address" off: the button says a wallet is connected without naming it.
  await page.goto(`${app.url}/settings`);
  await page.getByRole('switch', { name: 'Show wallet address' }).click();
  await expect(topBar(page).getByTestId('wallet-address')).toHaveText('Connected');
  await page.getByRole('switch', { name: 'Show wallet address' }).click();
  await expect(topBar(page).getByTestId('wallet-address')).toHaveText(short(wallet.address));
  await expectNoSeriousA11yViolationsInBothThemes(page, 'settings (signed in)');

  // Like from the stream page.
  await page.goto(`${app.url}/livestream/${liked.mint}`);
  await page.getByTestId('like-button').click();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('like-count')).toHaveText('1');

  await page.goto(`${app.url}/favorites`);
  const grid = page.getByTestId('favorites-grid');
  await expect(grid.getByTestId('stream-card')).toHaveCount(1);
  await expect(grid).toContainText('Favorite Token');
  await expect(grid).not.toContainText('Other Token');
  await page.screenshot({ path: 'docs/screenshots/favorites-1280.png' });
  await expectNoSeriousA11yViolationsInBothThemes(page, 'favorites (signed in, one card)');

  await topBar(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('connect-prompt')).toContainText('Connect your wallet to view favorites');
  await expect(topBar(page).getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), AUTH_STORAGE_KEY)).toBeNull();
  await page.reload();
  await expect(page.getByTestId('connect-prompt')).toBeVisible();
});

test('an account change in the wallet signs the old address out', async ({ page }) => {
  const wallet = await installTestWallet(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.url}/profile`);
  await connectAndSignIn(page);
  const first = wallet.address;
  await expect(topBar(page).getByTestId('wallet-address')).toHaveText(short(first));
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/profile-390.png' });

  await wallet.switchAccount(generatePrivateKey());
  await expect(topBar(page).getByTestId('wallet-address')).toHaveText(short(wallet.address));
  await expect(page.getByTestId('connect-prompt')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), AUTH_STORAGE_KEY)).toBeNull();
});

test('a wallet on another chain is asked to switch to BSC', async ({ page }) => {
  const wallet = await installTestWallet(page, { chainId: 1 });
  await page.goto(`${app.url}/`);
  await connectAndSignIn(page);
  // Signing in does not need the wallet on BSC (the message itself names chain 56)…
  await expect
    .poll(() =>
      page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null')?.user.address, AUTH_STORAGE_KEY),
    )
    .toBe(wallet.address.toLowerCase());
  // …but the wallet is asked to switch, and the prompt goes once it has.
  const switchButton = topBar(page).getByRole('button', { name: /Switch to BSC/ });
  await expect(switchButton).toBeVisible();
  await switchButton.click();
  await expect(switchButton).toBeHidden();
  await expect(topBar(page).getByTestId('wallet-address')).toHaveText(short(wallet.address));
});

test('without any wallet the dialog says so and links to installs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.url}/favorites`);
  await expect(page.getByTestId('connect-prompt')).toContainText('Connect your wallet to view favorites');
  await page.screenshot({ path: 'docs/screenshots/favorites-390.png' });
  await topBar(page).getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(dialog).toContainText('No wallet found');
  await expect(dialog.getByRole('link', { name: 'MetaMask' })).toHaveAttribute('href', /metamask\.io/);
  await page.screenshot({ path: 'docs/screenshots/connect-no-wallet-390.png' });
});

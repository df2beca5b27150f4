import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { installTestWallet, TEST_WALLET_INFO } from '../../e2e/support/test-wallet.ts';

/** Connect the test wallet through the wizard's Connect Wallet button (connect + one SIWE signature). */
export const signInPage = async (page: Page, appUrl: string, privateKey: Hex, path = '/start-streaming') => {
  // tsx (esbuild keepNames) wraps functions in `__name(...)`; serialized into the page by addInitScript they
  // need that helper there too. (Playwright's own test runner does not add it, so e2e needs no such line.)
  await page.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  await installTestWallet(page, { privateKey });
  await page.goto(`${appUrl}${path}`);
  await page.getByRole('main').getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
};

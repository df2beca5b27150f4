import { AUTH_STORAGE_KEY, BSC_CHAIN_ID, SIWE_STATEMENT } from '@mintcast/contracts';
import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { installTestWallet } from '../../e2e/support/test-wallet.ts';

/** Connect the test wallet in `page` and sign in through the real nonce → SIWE → verify flow. */
export const signInPage = async (page: Page, appUrl: string, privateKey: Hex, path = '/start-streaming') => {
  const wallet = await installTestWallet(page, { privateKey });
  await page.goto(`${appUrl}${path}`);
  const nonce = ((await (await fetch(`${appUrl}/api/auth/nonce`)).json()) as { nonce: string }).nonce;
  const origin = new URL(appUrl);
  const message = createSiweMessage({
    address: wallet.address as Hex,
    chainId: BSC_CHAIN_ID,
    domain: origin.host,
    uri: origin.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
  });
  await page.evaluate(
    async ({ message, address, key }) => {
      const eth = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
      await eth.request({ method: 'eth_requestAccounts' });
      const hex = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`;
      const signature = await eth.request({ method: 'personal_sign', params: [hex, address] });
      const res = await fetch('/api/auth/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature }),
      });
      if (!res.ok) throw new Error(`verify ${res.status}`);
      localStorage.setItem(key, JSON.stringify(await res.json()));
    },
    { message, address: wallet.address, key: AUTH_STORAGE_KEY },
  );
  await page.reload();
};

/// <reference lib="dom" />
import { BSC_CHAIN_ID, SIWE_STATEMENT } from '@mintcast/contracts';
import { createSiweMessage } from 'viem/siwe';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { installTestWallet, TEST_WALLET_INFO } from '../support/test-wallet.ts';

let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
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

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { artifacts, fundedWallet } from '@mintcast/chain-testkit';
import type { Page } from '@playwright/test';
import { parseEther } from 'viem';
import { type ChainApp, startChainApp } from '../support/chain-app.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

// One anvil (Uniswap V2 + WBNB + a test token) and one app watching it; the token's stream is live.
let local: ChainApp;
let mint: string;
test.beforeAll(async () => {
  local = await startChainApp({
    streams: (d) => [
      streamSeed({
        mint: d.token.toLowerCase(),
        name: 'Alert Coin',
        symbol: 'XSTRM',
        is_currently_live: true,
      }),
    ],
    env: { TRADE_ALERT_POLL_MS: '500' },
  });
  mint = local.dex.token.toLowerCase();
});
test.afterAll(async () => {
  await local?.stop();
});

/** A wallet buys `bnb` of the token straight through the router (not through the page). */
const buy = async (bnb: string) => {
  const { chain, dex } = local;
  const w = await fundedWallet(chain, '20');
  const hash = await w.client.writeContract({
    address: dex.router,
    abi: artifacts.router.abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [dex.wbnb, dex.token], w.address, 2n ** 40n],
    value: parseEther(bnb),
    gas: 300_000n,
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  return w.address.toLowerCase();
};

const chat = (page: Page) => page.getByRole('region', { name: 'Live Chat' });

test("a swap on the token's pair shows in a viewer's chat as an alert, a big one as a whale", async ({
  page,
}) => {
  await page.goto(`${local.app.url}/livestream/${mint}`);
  await expect(chat(page).getByRole('log')).toBeVisible();
  const trader = await buy('0.2');
  const alert = chat(page).getByTestId('trade-alert');
  await expect(alert).toHaveCount(1, { timeout: 30_000 });
  await expect(alert).toContainText(`${trader.slice(0, 4)}…${trader.slice(-2)} bought 0.2 BNB of $XSTRM`);
  await expect(alert).toHaveAttribute('data-side', 'buy');

  await buy('1.5');
  const whale = chat(page).locator('[data-testid="trade-alert"][data-whale="true"]');
  await expect(whale).toHaveCount(1, { timeout: 30_000 });
  await expect(whale).toContainText('Whale');

  // For review: the stream page with alerts in chat, on a desktop and on a phone.
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, 'stream-trade-alerts-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Chat' }).click(); // on a phone the chat is a tab under the player
  await chat(page).scrollIntoViewIfNeeded();
  await expect(chat(page).getByTestId('trade-alert')).toHaveCount(2);
  await page.screenshot({ path: path.join(SHOTS, 'stream-trade-alerts-390.png') });
});

import { type DexDeployment, deployDex, type LocalChain, startAnvil } from '@mintcast/chain-testkit';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Hex } from 'viem';
import { type RunningApp, type StartAppOptions, type StreamSeed, startApp } from './app-server.ts';
import { expect } from './fixtures.ts';
import { installTestWallet, TEST_WALLET_INFO } from './test-wallet.ts';

/** anvil (chain 56) with a DEX (WBNB, factory, router, a test token) and the app pointed at it for trades and tips. */
export interface ChainApp {
  chain: LocalChain;
  dex: DexDeployment;
  app: RunningApp;
  stop(): Promise<void>;
}

export const startChainApp = async (
  opts: Omit<StartAppOptions, 'streams'> & { streams?: (dex: DexDeployment) => StreamSeed[] } = {},
): Promise<ChainApp> => {
  const chain = await startAnvil();
  const dex = await deployDex(chain);
  const app = await startApp({
    ...opts,
    streams: opts.streams?.(dex),
    env: {
      BSC_RPC_URL: chain.rpcUrl,
      PUBLIC_BSC_RPC_URL: chain.rpcUrl,
      PANCAKE_ROUTER_ADDRESS: dex.router,
      PANCAKE_FACTORY_ADDRESS: dex.factory,
      WBNB_ADDRESS: dex.wbnb,
      TIP_CONFIRMATIONS: '1',
      ...opts.env,
    },
  });
  return {
    chain,
    dex,
    app,
    stop: async () => {
      await app.stop();
      await chain.stop();
    },
  };
};

/**
 * Opens `url` in a new context with a test wallet whose transactions go to the local chain, and signs in
 * through the page's Connect Wallet dialog.
 */
export const openSignedIn = async (
  browser: Browser,
  url: string,
  wallet: { privateKey: Hex; rpcUrl: string },
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await installTestWallet(page, wallet);
  await page.goto(url);
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 }); // nonce, signature and verify: slow on a loaded machine
  return { context, page };
};

/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { expect } from './fixtures.ts';
import { installTestWallet, TEST_WALLET_INFO } from './test-wallet.ts';

/** Connect the test wallet through the wizard's own Connect Wallet button: connect + one SIWE signature. */
export const signInPage = async (page: Page, appUrl: string, privateKey: Hex) => {
  const wallet = await installTestWallet(page, { privateKey });
  await page.goto(`${appUrl}/start-streaming`);
  await page.getByRole('main').getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 }); // nonce, signature and verify: slow on a loaded machine
  return wallet;
};

/** From the signed-in wizard: fetch the token and start; resolves once the studio shows. */
export const goLive = async (page: Page, mint: string) => {
  await page.getByLabel('Token Contract Address').fill(mint);
  await page.getByRole('button', { name: 'Fetch Token' }).click();
  await page.getByRole('button', { name: 'Start Live Stream' }).click();
  await expect(page.getByText('Stream started successfully!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: 'Live broadcast' })).toBeVisible();
};

/** From the studio: End Stream, confirmed in its dialog; resolves once the end is announced. */
export const endBroadcast = async (page: Page) => {
  await page.getByRole('button', { name: 'End Stream' }).click();
  await page
    .getByRole('dialog', { name: 'End your stream?' })
    .getByRole('button', { name: 'End Stream' })
    .click();
  await expect(page.getByText('Stream ended successfully')).toBeVisible();
};

/** Decoded-frame count of the player's video, to prove the picture is moving. */
export const framesOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);

export const expectFramesAdvancing = async (page: Page, testId = 'stream-video') => {
  await expect.poll(() => framesOf(page, testId), { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await framesOf(page, testId);
  await expect.poll(() => framesOf(page, testId), { timeout: 10_000 }).toBeGreaterThan(before + 5);
};

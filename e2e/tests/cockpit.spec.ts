/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import type { Browser, Locator, Page } from '@playwright/test';
import { type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { RunningApp } from '../support/app-server.ts';
import { expectFramesAdvancing, goLive, signInPage } from '../support/broadcasting.ts';
import { type ChainApp, openSignedIn, startChainApp } from '../support/chain-app.ts';
import { revealChainPanels } from '../support/chain-panels.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');
/** The shared market sample: "Example Stream Token" ($XSTRM), which the wizard can fetch. */
const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const HOST_KEY = generatePrivateKey();
const FAN_KEY: Hex = generatePrivateKey();
const fan = privateKeyToAccount(FAN_KEY).address.toLowerCase();
const short = (a: string) => `${a.slice(0, 6)}...${a.slice(-4)}`;

let standin: MarketStandin;
let local: ChainApp;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  standin = await startMarketStandin();
  local = await startChainApp({ media: true, env: { MARKET_DATA_URL: standin.url } });
  app = local.app;
  await local.chain.testClient.setBalance({ address: fan as Hex, value: parseEther('10') });
});
test.afterAll(async () => {
  await local?.stop();
  await standin?.close();
});

const region = (page: Page | Locator, name: string) => page.getByRole('region', { name, exact: true });
const numParticipants = async () =>
  ((await (await fetch(`${app.url}/api/streams/${TOKEN}`)).json()) as { num_participants: number })
    .num_participants;

/** A viewer on the stream page, signed in through the app when it has a wallet (which pays on anvil). */
const openViewer = async (browser: Browser, privateKey?: Hex) => {
  const url = `${app.url}/livestream/${TOKEN}`;
  const viewport = { width: 1280, height: 800 };
  const opened = privateKey
    ? await openSignedIn(browser, url, { privateKey, rpcUrl: local.chain.rpcUrl }, viewport)
    : await browser.newContext({ viewport }).then(async (context) => {
        const page = await context.newPage();
        await page.goto(url);
        return { context, page };
      });
  await expectFramesAdvancing(opened.page);
  return opened;
};

test('the broadcaster view: chat with moderation, health, viewers, tips; two viewers on the card; a drawer on phones', async ({
  browser,
}) => {
  test.setTimeout(420_000); // three browsers with video on a loaded 2-core machine
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const host = await hostContext.newPage();
  await signInPage(host, app.url, HOST_KEY);
  await goLive(host, TOKEN);
  await expectFramesAdvancing(host, 'broadcast-camera');
  const cockpit = region(host, 'Cockpit');
  const hostChat = region(cockpit, 'Live Chat');
  await expect(hostChat).toBeVisible();

  // The explore page, open before anyone watches: the stream's card, live, nobody watching yet.
  const cardsContext = await browser.newContext();
  const cards = await cardsContext.newPage();
  await cards.goto(`${app.url}/explore`);
  const card = cards.locator(`a[data-testid="stream-card"][href="/livestream/${TOKEN}"]`);
  await expect(card).toHaveAttribute('data-live', 'true');
  await expect(card.getByTestId('card-audience')).toContainText('0 watching');

  const viewers = [await openViewer(browser, FAN_KEY), await openViewer(browser)];
  const [fanPage, watcher] = viewers.map((v) => v.page) as [Page, Page];

  await test.step('viewers now and at peak, and health figures above zero while streaming', async () => {
    await expect(cockpit.getByTestId('cockpit-viewers')).toHaveText('2', { timeout: 30_000 });
    await expect(cockpit.getByTestId('cockpit-peak')).toHaveText('2');
    await expect(cockpit.getByTestId('cockpit-resolution')).toHaveText(/^[1-9]\d*×[1-9]\d*$/);
    await expect(cockpit.getByTestId('cockpit-fps')).toHaveText(/^[1-9]\d*$/);
    await expect(cockpit.getByTestId('cockpit-bitrate')).toHaveText(/^(?!0\.00 )\d+\.\d\d Mb\/s$/);
    await expect(cockpit.getByTestId('cockpit-elapsed')).not.toHaveText('0:00');
  });

  await test.step('the card shows 2 watching within one list refresh', async () => {
    await expect.poll(numParticipants, { timeout: 30_000 }).toBe(2);
    // A list request sent from now on must carry the count: wait for the next poll (every 30 s) and its answer.
    const next = await cards.waitForRequest(
      (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/streams',
      { timeout: 60_000 },
    );
    await next.response();
    await expect(card.getByTestId('card-audience')).toContainText('2 watching');
  });

  await test.step('the host posts from the cockpit; a viewer message shows there; the host deletes it', async () => {
    const input = hostChat.getByRole('textbox', { name: 'Chat message' });
    await input.fill('welcome to the desk');
    await input.press('Enter');
    for (const p of [fanPage, watcher]) {
      await expect(region(p, 'Live Chat').getByText('welcome to the desk')).toBeVisible();
    }
    const fanInput = region(fanPage, 'Live Chat').getByRole('textbox', { name: 'Chat message' });
    await fanInput.fill('gm host, what is the plan?');
    await fanInput.press('Enter');
    const line = hostChat.getByTestId('chat-message').filter({ hasText: 'gm host, what is the plan?' });
    await expect(line).toBeVisible();
    await expect(line).toContainText(short(fan));
    await expect(region(watcher, 'Live Chat').getByText('gm host, what is the plan?')).toBeVisible();

    await line.hover();
    await line.getByRole('button', { name: 'Delete message' }).click();
    await expect(line).toHaveCount(0);
    for (const p of [fanPage, watcher]) {
      await expect(region(p, 'Live Chat').getByText('gm host, what is the plan?')).toHaveCount(0);
      await expect(region(p, 'Live Chat').getByText('welcome to the desk')).toBeVisible();
    }
  });

  await test.step('the host sets a tip goal from the cockpit; the viewers see its bar under the player', async () => {
    const tips = region(cockpit, 'Tips received');
    const goal = tips.getByRole('textbox', { name: 'Tip goal (BNB)' });
    await goal.fill('zero');
    await tips.getByRole('button', { name: 'Set goal' }).click();
    await expect(tips.getByRole('alert')).toHaveText('Type the goal as a number of BNB above 0, like 0.5');
    await goal.fill('0.1');
    await tips.getByRole('button', { name: 'Set goal' }).click();
    await expect(host.getByText('Tip goal saved')).toBeVisible();
    await expect(tips.getByRole('alert')).toHaveCount(0);
    // A viewer opening the page now sees the bar, at nothing raised yet.
    await watcher.reload();
    await expect(watcher.getByTestId('tip-goal-progress')).toHaveText('0 / 0.1 BNB');
  });

  await test.step('a tip shows in the cockpit with its sender, amount and message', async () => {
    const tips = region(cockpit, 'Tips received');
    await expect(tips).toContainText('No tips yet');
    await revealChainPanels(fanPage);
    const tip = region(fanPage, 'Tip the creator');
    await tip.getByRole('button', { name: '0.05 BNB' }).click();
    await tip.getByRole('textbox', { name: 'Tip message' }).fill('for the cockpit');
    await tip.getByRole('button', { name: 'Tip 0.05 BNB' }).click();
    await expect(tip.getByTestId('tx-status')).toContainText('Tip: confirmed', { timeout: 60_000 });
    const item = tips.getByTestId('cockpit-tip');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(short(fan));
    await expect(item).toContainText('0.05 BNB');
    await expect(item).toContainText('for the cockpit');
    await expect(tips.getByTestId('cockpit-tip-total')).toHaveText('1 tip · 0.05 BNB');
    await expect(fanPage.getByTestId('tip-goal-progress')).toHaveText('0.05 / 0.1 BNB');
    await host.screenshot({ path: path.join(SHOTS, 'cockpit-1280.png') });
  });

  await test.step('at 390 px the chat folds into a drawer over the video', async () => {
    await host.setViewportSize({ width: 390, height: 844 });
    await expect(cockpit).toBeHidden();
    const toggle = host.getByRole('button', { name: 'Chat', exact: true });
    await toggle.click();
    await expect(cockpit).toBeVisible();
    const video = await host.getByTestId('broadcast-camera').boundingBox();
    const drawer = await cockpit.boundingBox();
    if (!video || !drawer) throw new Error('no layout');
    // Over the video, not beside or below it: the drawer lies inside the video's box.
    expect(drawer.x).toBeGreaterThanOrEqual(video.x);
    expect(drawer.y).toBeGreaterThanOrEqual(video.y);
    expect(drawer.x + drawer.width).toBeLessThanOrEqual(video.x + video.width + 0.5);
    expect(drawer.y + drawer.height).toBeLessThanOrEqual(video.y + video.height + 0.5);
    // The controls stay reachable under it, and the chat works from the drawer.
    await expect(host.getByRole('button', { name: 'End Stream' })).toBeInViewport();
    const input = hostChat.getByRole('textbox', { name: 'Chat message' });
    await input.fill('from my phone');
    await input.press('Enter');
    await expect(region(fanPage, 'Live Chat').getByText('from my phone')).toBeVisible();
    await host.screenshot({ path: path.join(SHOTS, 'cockpit-drawer-390.png') });
    await host.getByRole('button', { name: 'Hide chat' }).click();
    await expect(cockpit).toBeHidden();
  });

  await Promise.all([...viewers.map((v) => v.context.close()), cardsContext.close(), hostContext.close()]);
});

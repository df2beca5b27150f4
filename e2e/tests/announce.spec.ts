import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { signInPage } from '../support/broadcasting.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 35 item 2: the creator connects a Telegram channel in the stream dashboard, and going live posts the
 * stream's link there (a stand-in of the Bot API on loopback); the choice to post scheduled-stream reminders
 * there too is kept. A Discord webhook on loopback is refused.
 */
const HOST_KEY = generatePrivateKey();
const BOT = `424242:${'Q'.repeat(35)}`;
const mint = randomMint();
const posts: { path: string; body: { chat_id?: string; text?: string } }[] = [];
let telegram: Server;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  telegram = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const ok = req.url === `/bot${BOT}/getMe` || req.url === `/bot${BOT}/sendMessage`;
      if (ok && req.url?.endsWith('/sendMessage')) posts.push({ path: req.url, body: JSON.parse(raw) });
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { ok: true, result: {} } : { ok: false, description: 'Unauthorized' }));
    });
  });
  await new Promise<void>((resolve) => telegram.listen(0, '127.0.0.1', resolve));
  const creator = privateKeyToAccount(HOST_KEY).address.toLowerCase();
  app = await startApp({
    streams: [streamSeed({ mint, name: 'Announced Stream', symbol: 'ANN', creator_address: creator })],
    env: {
      ANNOUNCE_SECRETS_KEY: randomBytes(32).toString('base64url'),
      TELEGRAM_API_URL: `http://127.0.0.1:${(telegram.address() as AddressInfo).port}`,
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await new Promise((r) => telegram?.close(r));
});

test('the creator connects Telegram in the dashboard and the go-live is posted there', async ({ page }) => {
  test.setTimeout(240_000);
  await signInPage(page, app.url, HOST_KEY);
  await page.goto(`${app.url}/dashboard/${mint}`);
  const section = page.getByRole('region', { name: 'Announce your go-live' });
  await section.getByLabel('Bot token').fill(BOT);
  await section.getByLabel('Channel (@name or chat id)').fill('@announce_test');
  await section.getByRole('button', { name: 'Connect', exact: true }).first().click();
  await expect(section.getByText('Posting to @announce_test')).toBeVisible();
  // The token is gone from the page once saved: it is never sent back.
  await expect(section.getByLabel('Bot token')).toHaveCount(0);
  expect(await page.content()).not.toContain(BOT);
  // Reminders of scheduled streams are posted there too only if chosen: off at first, kept once chosen.
  const reminders = section.getByRole('checkbox', {
    name: /Also post the reminders of my scheduled streams/,
  });
  await expect(reminders).not.toBeChecked();
  await reminders.click(); // checked once the server has saved it (click, not check(): the box follows the answer)
  await expect(reminders).toBeChecked();
  await page.reload();
  await expect(section.getByRole('checkbox', { name: /Also post the reminders/ })).toBeChecked();

  // A webhook inside the network (here loopback, plain http) is refused, with the reason.
  await section.getByLabel('Discord webhook URL').fill('http://127.0.0.1:9/api/webhooks/1/abc');
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/Could not save: webhookUrl: must be an https URL/)).toBeVisible();

  const creator = await apiSignIn(app.url, HOST_KEY);
  expect((await creator.post(`/api/streams/${mint}/live`, { live: true })).status).toBe(200);
  await expect.poll(() => posts.length, { timeout: 30_000 }).toBe(1);
  expect(posts[0]?.body.chat_id).toBe('@announce_test');
  expect(posts[0]?.body.text).toContain(`${app.url}/livestream/${mint}`);
  expect(posts[0]?.body.text).toContain('Announced Stream ($ANN)');
});

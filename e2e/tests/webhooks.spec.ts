import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from '../support/axe.ts';
import { signInPage } from '../support/broadcasting.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { shotsAtWidths } from '../support/screenshots.ts';

/**
 * Issue 35 item 6: the creator registers a webhook endpoint in the stream dashboard and sees its signing secret
 * once; a loopback URL is refused. The app runs as deployed (only public https targets), so nothing is sent from
 * here: the endpoint is a public address this test must never reach (no event fires in it). Deliveries, their
 * signatures, retries and log are tested against a receiver in `apps/server/test/webhooks.test.ts`.
 */
const HOST_KEY = generatePrivateKey();
const mint = randomMint();
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const creator = privateKeyToAccount(HOST_KEY).address.toLowerCase();
  app = await startApp({
    streams: [streamSeed({ mint, name: 'Hooked Stream', symbol: 'HOOK', creator_address: creator })],
    env: { ANNOUNCE_SECRETS_KEY: randomBytes(32).toString('base64url') },
  });
});
test.afterAll(async () => {
  await app?.stop();
});

test('the creator adds an endpoint and copies the secret shown once; a loopback URL is refused', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInPage(page, app.url, HOST_KEY);
  await page.goto(`${app.url}/dashboard/${mint}`);
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText('No endpoints yet.')).toBeVisible();

  // Inside the network: refused, with the reason.
  await section.getByLabel('Endpoint URL (https)').fill('https://127.0.0.1/hook');
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText(/Could not save: url: points at a private or loopback address/)).toBeVisible();

  await section.getByLabel('Endpoint URL (https)').fill('https://93.184.216.34/mintcast/hooks?token=abc');
  await section.getByLabel('Clip').uncheck();
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = section.getByTestId('webhook-secret');
  await expect(secret).toContainText(/whsec_[A-Za-z0-9+/]{43}=/);
  const shown = (await secret.locator('code').textContent()) ?? '';
  const endpoint = section.getByTestId('webhook-endpoint');
  await expect(endpoint).toContainText('https://93.184.216.34/…');
  await expect(endpoint).toContainText('Stream live · Stream offline · Tip · Follow');

  await expect(endpoint.getByRole('button', { name: 'Send test event' })).toBeVisible();
  await expect(section.getByText('No deliveries yet.')).toBeVisible();

  await expectNoSeriousA11yViolationsInBothThemes(page, 'dashboard webhooks');
  await shotsAtWidths(page, 'webhooks-cockpit', { scrollTo: section });

  // Once dismissed, the secret is gone for good: a reload shows the endpoint without it.
  await section.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Webhooks' }).getByTestId('webhook-endpoint')).toBeVisible();
  expect(await page.content()).not.toContain(shown);
  expect(await page.content()).not.toContain('token=abc');

  // In Spanish and French.
  for (const [language, title, button] of [
    ['es', 'Webhooks', 'Enviar evento de prueba'],
    ['fr', 'Webhooks', 'Envoyer un événement de test'],
  ] as const) {
    await page.evaluate(
      (l) => localStorage.setItem('mintcast.settings', JSON.stringify({ language: l })),
      language,
    );
    await page.reload();
    const region = page.getByRole('region', { name: title });
    await expect(region.getByRole('button', { name: button })).toBeVisible();
  }
});

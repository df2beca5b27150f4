/// <reference lib="dom" />
import { generateKeyPairSync } from 'node:crypto';
import { generatePrivateKey } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { signInPage } from '../support/broadcasting.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 35 item 1, the Settings side: "Push notifications" registers this browser's subscription with the site,
 * and each followed stream gets its own switch. The browser's push service is outside the site and unreachable
 * here, so `PushManager.subscribe` answers with a subscription at a public address (what a real push service
 * would hand out); everything from there on is the product's (service worker registration, API, database).
 */
const KEY = generatePrivateKey();
const stream = streamSeed({ mint: randomMint(), name: 'Followed Show', symbol: 'FLW' });
const ENDPOINT = `https://93.184.216.34/push/${randomMint()}`;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const b = (v: string | undefined) => Buffer.from(v ?? '', 'base64url');
  app = await startApp({
    streams: [stream],
    env: {
      VAPID_PUBLIC_KEY: Buffer.concat([Buffer.from([4]), b(jwk.x), b(jwk.y)]).toString('base64url'),
      VAPID_PRIVATE_KEY: jwk.d ?? '',
      VAPID_SUBJECT: 'mailto:ops@example.org',
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
});

test('allowing push notifications registers this browser; a followed stream can be switched off on its own', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['notifications'], { origin: app.url });
  await page.addInitScript((endpoint) => {
    const key = btoa(String.fromCharCode(4, ...new Array(64).fill(7)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const auth = btoa(String.fromCharCode(...new Array(16).fill(9)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    let current: unknown = null;
    const subscription = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: key, auth } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      current = subscription;
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, ENDPOINT);
  const me = await apiSignIn(app.url, KEY);
  expect((await me.post(`/api/streams/${stream.mint}/subscribe`, {})).status).toBe(200);
  await signInPage(page, app.url, KEY);
  await page.goto(`${app.url}/settings`);

  const allow = page.getByRole('switch', { name: 'Push notifications' });
  await expect(allow).toHaveAttribute('aria-checked', 'false');
  await allow.click();
  await expect(allow).toHaveAttribute('aria-checked', 'true');
  const perStream = page.getByRole('switch', { name: 'Followed Show' });
  await expect(perStream).toHaveAttribute('aria-checked', 'true');
  // The site's service worker is installed (push only: no fetch handler).
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL),
  ).toBe(`${app.url}/sw.js`);

  const streams = async () =>
    (
      await (
        await fetch(`${app.url}/api/push/streams`, { headers: { authorization: `Bearer ${me.accessToken}` } })
      ).json()
    ).items;
  await perStream.click();
  await expect(perStream).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(streams)
    .toEqual([{ mint: stream.mint, name: 'Followed Show', symbol: 'FLW', enabled: false }]);

  // Off: this browser's subscription is deleted at the site, and the per-stream list goes.
  await allow.click();
  await expect(allow).toHaveAttribute('aria-checked', 'false');
  await expect(perStream).toHaveCount(0);
});

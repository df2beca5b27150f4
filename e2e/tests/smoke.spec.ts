import { type RunningApp, startApp } from '../support/app-server.ts';
import { streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';

let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp({ streams: [streamSeed({ name: 'Smoke Token', is_currently_live: true })] });
});
test.afterAll(() => app?.stop());

test('the built app is served with its API on one origin', async ({ page, request }) => {
  const health = await request.get(`${app.url}/api/health`);
  expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
  const list = await request.get(`${app.url}/api/streams`);
  expect((await list.json()).items[0].name).toBe('Smoke Token');
  await page.goto(`${app.url}/`);
  await expect(page).toHaveTitle(/Mintcast/);
});

test('client routes survive a reload (history fallback) and hashed assets are cached for a year', async ({
  page,
  request,
}) => {
  const res = await page.goto(`${app.url}/trending`);
  expect(res?.status()).toBe(200);
  const html = await (await request.get(`${app.url}/some/deep/path`)).text();
  expect(html).toContain('<div id="root">');
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const assetRes = await request.get(`${app.url}${asset}`);
  expect(assetRes.headers()['cache-control']).toContain('immutable');
  const api404 = await request.get(`${app.url}/api/does-not-exist`);
  expect(api404.status()).toBe(404);
  expect((await api404.json()).error.code).toBe('not_found');
});

test('a shared stream link carries OpenGraph and Twitter tags for crawlers', async ({ request }) => {
  const list = await (await request.get(`${app.url}/api/streams`)).json();
  const mint = list.items[0].mint as string;
  const html = await (await request.get(`${app.url}/livestream/${mint}`)).text();
  expect(html).toContain('<meta property="og:title" content="Smoke Token');
  expect(html).toContain(`<meta property="og:url" content="${app.url}/livestream/${mint}" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).toContain('<div id="root">');
});

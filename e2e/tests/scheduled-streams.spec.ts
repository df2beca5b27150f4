import { readFile } from 'node:fs/promises';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSignIn } from '../support/api-session.ts';
import { type RunningApp, startApp } from '../support/app-server.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from '../support/axe.ts';
import { signInPage } from '../support/broadcasting.ts';
import { randomMint, streamSeed } from '../support/data.ts';
import { expect, test } from '../support/fixtures.ts';
import { shotsAtWidths } from '../support/screenshots.ts';
import { installTestWallet, TEST_WALLET_INFO } from '../support/test-wallet.ts';

/**
 * Issue 35 item 3: the creator schedules the next broadcast in the stream dashboard; a visitor sees it on the
 * stream page with a countdown, asks to be reminded and downloads the `.ics`; home shows it under "Upcoming";
 * when the creator goes live the same page says live and the upcoming card links straight to it.
 */
const HOST_KEY = generatePrivateKey();
const creator = privateKeyToAccount(HOST_KEY).address.toLowerCase();
const mint = randomMint();
const TITLE = 'Launch AMA, with the team';
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startApp({
    streams: [streamSeed({ mint, name: 'Scheduled Desk', symbol: 'SKED', creator_address: creator })],
  });
});
test.afterAll(() => app?.stop());

test('a scheduled broadcast: countdown, reminder and .ics for visitors, Upcoming on home, then live', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  // The creator schedules it two days ahead, at 18:30 in the browser's own time zone.
  await signInPage(page, app.url, HOST_KEY);
  await page.goto(`${app.url}/dashboard/${mint}`);
  const form = page.getByRole('region', { name: 'Schedule a broadcast' });
  const local = await page.evaluate(() => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    d.setHours(18, 30, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      input: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:30`,
      iso: d.toISOString(),
    };
  });
  await form.getByLabel('Date and time').fill(local.input);
  await form.getByLabel('Title').fill(TITLE);
  await form.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(form.getByTestId('schedule-current')).toContainText(`Scheduled: ${TITLE}`);
  await expect(form.getByRole('button', { name: 'Update' })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, 'dashboard schedule form');
  await shotsAtWidths(page, 'schedule-cockpit-form', { scrollTo: form });

  // A visitor (signed out) sees the card with a countdown that runs.
  const visitor = await (await browser.newContext()).newPage();
  await installTestWallet(visitor);
  await visitor.goto(`${app.url}/livestream/${mint}`);
  const card = visitor.getByTestId('schedule-card');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: TITLE })).toBeVisible();
  const countdown = card.getByRole('timer', { name: 'Time until the broadcast' });
  await expect(countdown).toContainText(/Starts in\s*[12] days? \d{1,2}:\d\d:\d\d/);
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 20_000 }).not.toBe(first);
  await expect(card).toContainText('5 minutes before it starts');

  // "Remind me": signed out it asks for the wallet, then it is on.
  const remind = card.getByRole('button', { name: 'Remind me' });
  await remind.click();
  const dialog = visitor.getByRole('dialog', { name: 'Connect Wallet' });
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await card.getByRole('button', { name: 'Remind me' }).click();
  const reminding = card.getByRole('button', { name: 'Reminder set' });
  await expect(reminding).toHaveAttribute('aria-pressed', 'true');
  await visitor.reload();
  await expect(
    visitor.getByTestId('schedule-card').getByRole('button', { name: 'Reminder set' }),
  ).toBeVisible();

  // The .ics: one event at that instant in UTC, with the stream's link.
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`mintcast-${mint}.ics`);
  const ics = (await readFile(await download.path())).toString('utf8');
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain(`DTSTART:${local.iso.slice(0, 19).replace(/[-:]/g, '')}Z`);
  expect(lines).toContain('SUMMARY:Launch AMA\\, with the team · Scheduled Desk ($SKED)');
  expect(lines).toContain(`URL:${app.url}/livestream/${mint}`);
  expect(lines.some((l) => /^UID:.+@/.test(l))).toBe(true);
  expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);

  await expectNoSeriousA11yViolationsInBothThemes(visitor, 'stream page with a scheduled broadcast');
  await shotsAtWidths(visitor, 'schedule-stream-page', { scrollTo: card });

  // Home's "Upcoming" row, and the creator's page.
  await visitor.goto(app.url);
  const upcoming = visitor.getByRole('region', { name: 'Upcoming' });
  const item = upcoming.getByTestId('upcoming-card');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(TITLE);
  await expect(item).toHaveAttribute('href', `/livestream/${mint}`);
  await expect(item.getByRole('timer')).toContainText(/\d days?/);
  await expectNoSeriousA11yViolationsInBothThemes(visitor, 'home with upcoming');
  await shotsAtWidths(visitor, 'schedule-home-upcoming', { scrollTo: upcoming });
  await visitor.goto(`${app.url}/creator/${creator}`);
  await expect(visitor.getByRole('region', { name: 'Upcoming' }).getByTestId('upcoming-card')).toContainText(
    TITLE,
  );

  // The creator goes live: the stream page (the same URL) says live, and Upcoming links straight to it.
  await visitor.goto(`${app.url}/livestream/${mint}`);
  await expect(visitor.getByTestId('schedule-card')).toBeVisible();
  const host = await apiSignIn(app.url, HOST_KEY);
  expect((await host.post(`/api/streams/${mint}/live`, { live: true })).status).toBe(200);
  await expect(visitor.getByTestId('live-marker')).toHaveText('Live', { timeout: 60_000 });
  await expect(visitor.getByTestId('schedule-card')).toHaveCount(0);
  await visitor.goto(app.url);
  const liveItem = visitor.getByRole('region', { name: 'Upcoming' }).getByTestId('upcoming-card');
  await expect(liveItem).toHaveAttribute('data-live', 'true');
  await expect(liveItem).toContainText('Live now: watch');
  await liveItem.click();
  await expect(visitor).toHaveURL(`${app.url}/livestream/${mint}`);
  await expect(visitor.getByTestId('live-marker')).toHaveText('Live');
});

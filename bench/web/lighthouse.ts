/**
 * Issue 17 goal: Lighthouse scores (performance, accessibility, best practices, SEO) of the home page and a
 * stream page, mobile profile (Lighthouse's default: emulated phone, throttled), against the built app.
 * Debian's Chromium is driven through chrome-launcher (CHROME_PATH). Goal ≥ 95 each; nothing asserts.
 * Run: npm run build -w @mintcast/web && npx tsx bench/web/lighthouse.ts
 * LIGHTHOUSE_REPORT_DIR=/tmp/lh also writes each page's full JSON report there (metrics, audits, LCP element).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startMarketStandin } from '@mintcast/market-standin';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '../../e2e/support/app-server.ts';
import { CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { streamSeed } from '../../e2e/support/data.ts';
import { report } from '../support/report.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// The market stand-in's sample token, so the stream page shows its token and trading cards as in production
// (without it every market-data request answers 503, logged as console errors). The chain RPC stays the
// public one: offline it is unreachable (ERR_NAME_NOT_RESOLVED in the console, best practices 96).
const standin = await startMarketStandin();
const live = streamSeed({
  mint: '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f',
  name: 'Bench Token',
  symbol: 'BENCH',
  is_currently_live: false,
});
const app = await startApp({
  streams: [live, ...Array.from({ length: 12 }, (_, i) => streamSeed({ is_currently_live: i < 4 }))],
  env: { MARKET_DATA_URL: standin.url },
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const [name, path] of [
    ['home', '/'],
    ['stream page', `/livestream/${live.mint}`],
  ] as const) {
    const result = await lighthouse(`${app.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir && typeof result?.report === 'string') {
      await mkdir(reportDir, { recursive: true });
      await writeFile(join(reportDir, `${name.replace(/\W+/g, '-')}.json`), result.report);
    }
    const cats = result?.lhr.categories ?? {};
    const rows: [string, string][] = CATEGORIES.map((c) => [
      c,
      cats[c]?.score == null ? 'n/a' : String(Math.round(cats[c].score * 100)),
    ]);
    const failing = Object.values(result?.lhr.audits ?? {})
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failing.length) rows.push(['failing audits', failing.join(', ')]);
    // What the page logged, so an errors-in-console failure says which request or message it was.
    const logged =
      (
        result?.lhr.audits['errors-in-console']?.details as
          | { items?: { description?: string; sourceLocation?: { url?: string } }[] }
          | undefined
      )?.items ?? [];
    for (const item of logged)
      rows.push(['console error', `${item.description ?? ''} ${item.sourceLocation?.url ?? ''}`.trim()]);
    for (const m of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ])
      rows.push([m, result?.lhr.audits[m]?.displayValue ?? 'n/a']);
    report(`Lighthouse, mobile profile: ${name} (goal ≥ 95 each)`, 'npx tsx bench/web/lighthouse.ts', rows);
  }
} finally {
  chrome.kill();
  await app.stop();
  await standin.close();
}

/**
 * Issue 17 goal: Lighthouse scores (performance, accessibility, best practices, SEO) of the home page and a
 * stream page, mobile profile (Lighthouse's default: emulated phone, throttled), against the built app.
 * Debian's Chromium is driven through chrome-launcher (CHROME_PATH). Goal ≥ 95 each; nothing asserts.
 * Run: npm run build -w @mintcast/web && npx tsx bench/web/lighthouse.ts
 * LIGHTHOUSE_REPORT_DIR=/tmp/lh also writes each page's full JSON report there (metrics, audits, LCP element).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { printMachineLoad } from '../support/load.ts';
import { report } from '../support/report.ts';
import { startBenchPages } from './bench-pages.lib.ts';

printMachineLoad();

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const app = await startBenchPages();
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
  for (const [name, path] of app.pages) {
    // Lighthouse sometimes loses the navigation on a loaded machine (runtime error NO_NAVSTART, no scores):
    // such a run is repeated, up to three tries, and the error is printed if it stays.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    let tries = 0;
    do {
      result = await lighthouse(`${app.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      tries++;
    } while (result?.lhr.runtimeError && tries < 3);
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
    const runtimeError = result?.lhr.runtimeError;
    if (runtimeError) rows.push(['runtime error', `${runtimeError.code} after ${tries} tries`]);
    else if (tries > 1) rows.push(['tries', `${tries} (Lighthouse runtime error before)`]);
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
  await app.close();
}

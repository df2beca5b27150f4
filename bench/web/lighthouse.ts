/**
 * Issue 17 goal: Lighthouse scores (performance, accessibility, best practices, SEO) of the home page and a
 * stream page, mobile profile (Lighthouse's default: emulated phone, throttled), against the built app.
 * Debian's Chromium is driven through chrome-launcher (CHROME_PATH). Goal ≥ 95 each; nothing asserts.
 * Run: npm run build -w @mintcast/web && npx tsx bench/web/lighthouse.ts
 *
 * One run's performance score moves by ±5 on this shared machine (the simulated throttling multiplies the task
 * times it observes). As Lighthouse's own guidance on variability says, each page is loaded LIGHTHOUSE_RUNS
 * times (default 5, the pages alternating) and the report is the median run as Lighthouse CI picks it
 * (`computeMedianRun`: the run nearest the median first contentful paint and time to interactive); every run's
 * performance score and total blocking time is printed beside it.
 * LIGHTHOUSE_REPORT_DIR=/tmp/lh also writes each page's median JSON report there (metrics, audits, LCP element).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { printMachineLoad } from '../support/load.ts';
import { report } from '../support/report.ts';
import { startBenchPages } from './bench-pages.lib.ts';

printMachineLoad();

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5);

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

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
  const url = (path: string) => `${app.url}${path}`;
  /**
   * One Lighthouse run. Lighthouse sometimes loses the navigation on a loaded machine (runtime error
   * NO_NAVSTART, no scores): such a run is repeated, up to three tries, and the error is printed if it stays.
   */
  const run = async (path: string): Promise<{ result?: Result; tries: number }> => {
    let result: Result | undefined;
    let tries = 0;
    do {
      result = await lighthouse(url(path), {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      tries++;
    } while (result?.lhr.runtimeError && tries < 3);
    return { result, tries };
  };
  const runs = new Map<string, { result?: Result; tries: number }[]>(app.pages.map(([name]) => [name, []]));
  // Rounds of every page in turn, so a spell of load on the machine falls on both pages alike.
  for (let round = 0; round < RUNS; round++)
    for (const [name, path] of app.pages) runs.get(name)?.push(await run(path));

  const perf = (r: Result) => {
    const score = r.lhr.categories.performance?.score;
    return score == null ? 'n/a' : String(Math.round(score * 100));
  };
  for (const [name] of app.pages) {
    const all = runs.get(name) ?? [];
    const scored = all.flatMap((r) => (r.result && !r.result.lhr.runtimeError ? [r.result] : []));
    const medianLhr = scored.length ? computeMedianRun(scored.map((r) => r.lhr)) : undefined;
    const median = scored.find((r) => r.lhr === medianLhr) ?? all.at(-1)?.result;
    const lhr = median?.lhr;
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir && typeof median?.report === 'string') {
      await mkdir(reportDir, { recursive: true });
      await writeFile(join(reportDir, `${name.replace(/\W+/g, '-')}.json`), median.report);
    }
    const cats = lhr?.categories ?? {};
    const rows: [string, string][] = CATEGORIES.map((c) => [
      c,
      cats[c]?.score == null ? 'n/a' : String(Math.round(cats[c].score * 100)),
    ]);
    const each = scored.map((r) => `${perf(r)} (TBT ${r.lhr.audits['total-blocking-time']?.displayValue})`);
    rows.push(['performance, each run', each.join(', ') || 'none scored']);
    const failing = Object.values(lhr?.audits ?? {})
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failing.length) rows.push(['failing audits', failing.join(', ')]);
    for (const r of all.filter((x) => !x.result || x.result.lhr.runtimeError))
      rows.push([
        'runtime error',
        `${r.result?.lhr.runtimeError?.code ?? 'no result'} after ${r.tries} tries`,
      ]);
    const retried = all.filter((r) => r.tries > 1 && r.result && !r.result.lhr.runtimeError).length;
    if (retried) rows.push(['retried', `${retried} run(s), after a Lighthouse runtime error`]);
    // What the page logged, so an errors-in-console failure says which request or message it was.
    const logged =
      (
        lhr?.audits['errors-in-console']?.details as
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
      rows.push([m, lhr?.audits[m]?.displayValue ?? 'n/a']);
    report(
      `Lighthouse, mobile profile: ${name}, the median of ${scored.length} run(s) (goal ≥ 95 each)`,
      `LIGHTHOUSE_RUNS=${RUNS} npx tsx bench/web/lighthouse.ts`,
      rows,
    );
  }
} finally {
  chrome.kill();
  await app.close();
}

/**
 * `npm test`: every check CI runs — `npm run typecheck` and `npm run lint` (one pass or failure each), Vitest
 * (unit + server on PGlite + media conformance), then the web build and the Playwright end-to-end suite — and
 * one closing line `N passed, M failed`.
 * `--server-db-only`: just the server's database tests (CI runs them again with TEST_DATABASE_URL set).
 * Counts are also written to .artifacts/test-counts-<suite>.json for .ci/run to add up.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './launcher.ts';

const artifacts = path.join(repoRoot, '.artifacts');
mkdirSync(artifacts, { recursive: true });
const serverDbOnly = process.argv.includes('--server-db-only');
const suite = serverDbOnly ? 'server-db' : 'all';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
/** One line per failure, printed again just above the closing line: CI often keeps only the log's tail. */
const failures: string[] = [];
const firstLine = (text: unknown) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in reporters' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? '';
const add = (c: Counts) => {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
};

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number => {
  const res = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
};

const vitest = (label: string, extra: string[], env: NodeJS.ProcessEnv = {}) => {
  const out = path.join(artifacts, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const code = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
    env,
  );
  if (!existsSync(out)) {
    add({ passed: 0, failed: 1, skipped: 0 });
    console.error(`[test] vitest (${label}) produced no report (exit ${code})`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  for (const f of r.testResults ?? []) {
    const file = path.relative(repoRoot, f.name ?? '');
    if (f.status === 'failed' && (f.assertionResults ?? []).length === 0)
      failures.push(`vitest ${file}: ${firstLine(f.message)}`);
    for (const a of f.assertionResults ?? [])
      if (a.status === 'failed')
        failures.push(`vitest ${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
  // Files that failed to load count as failures too.
  const brokenFiles = (r.testResults ?? []).filter(
    (f: { status: string; assertionResults: unknown[] }) =>
      f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  add({
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  });
  if (code !== 0 && (r.numFailedTests ?? 0) + brokenFiles === 0) add({ passed: 0, failed: 1, skipped: 0 });
};

const playwright = () => {
  const out = path.join(artifacts, 'e2e.json');
  rmSync(out, { force: true });
  // The whole build, not only the web app: specs that run `npm start` would otherwise find the server
  // build missing, rebuild everything — web app included — mid-run, and pages other specs had open would
  // ask for chunks that no longer exist.
  if (run('npm', ['run', 'build']) !== 0) {
    add({ passed: 0, failed: 1, skipped: 0 });
    console.error('[test] web build failed: e2e not run');
    return;
  }
  const code = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (!existsSync(out)) {
    add({ passed: 0, failed: 1, skipped: 0 });
    console.error(`[test] playwright produced no report (exit ${code})`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  collectPlaywrightFailures(report.suites ?? []);
  const s = report.stats ?? {};
  add({ passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 });
  if (code !== 0 && (s.unexpected ?? 0) === 0) add({ passed: 0, failed: 1, skipped: 0 });
};

interface PwSuite {
  suites?: PwSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      status: string;
      results: {
        status: string;
        error?: { message?: string };
        attachments?: { name: string; path?: string }[];
      }[];
    }[];
  }[];
}

/** Lines of the page snapshot printed per failed end-to-end attempt. */
const SNAPSHOT_LINES = 60;
/** What the page showed when an end-to-end attempt failed, for the run's log (CI keeps only its output). */
const pagesAtFailure: string[] = [];

/**
 * The page's accessibility snapshot at the failure, from the `error-context` file Playwright writes beside the
 * trace: the log of a CI run then says what was on screen instead of only "element(s) not found".
 */
const pageSnapshotOf = (attachments: { name: string; path?: string }[] = []): string | null => {
  const file = attachments.find((a) => a.name === 'error-context')?.path;
  if (!file || !existsSync(file)) return null;
  const snapshot = readFileSync(file, 'utf8').match(/```yaml\n([\s\S]*?)```/)?.[1];
  if (!snapshot) return null;
  const lines = snapshot.trimEnd().split('\n');
  const more = lines.length > SNAPSHOT_LINES ? [`… ${lines.length - SNAPSHOT_LINES} more lines`] : [];
  return [...lines.slice(0, SNAPSHOT_LINES), ...more].map((l) => `      ${l}`).join('\n');
};
/** Unexpected and flaky end-to-end tests, with the first line of each failed attempt's error. */
const collectPlaywrightFailures = (suites: PwSuite[]) => {
  for (const suite of suites) {
    collectPlaywrightFailures(suite.suites ?? []);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected' || t.status === 'flaky')
          for (const r of t.results.filter((x) => x.status !== 'passed' && x.status !== 'skipped')) {
            failures.push(
              `e2e ${spec.file}:${spec.line} › ${spec.title} (${t.status}, ${r.status}): ${firstLine(r.error?.message)}`,
            );
            const snapshot = pageSnapshotOf(r.attachments);
            if (snapshot) pagesAtFailure.push(`  - ${spec.file}:${spec.line} › ${spec.title}\n${snapshot}`);
          }
  }
};

/** A whole-repo check (type-check, lint): one pass or one failure in the closing line. */
const check = (label: string, script: string) => {
  const code = run('npm', ['run', '--silent', script]);
  add({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
  if (code !== 0) {
    console.error(`[test] ${label} failed (npm run ${script}, exit ${code})`);
    failures.push(`${label}: npm run ${script} exited ${code}`);
  }
};

if (serverDbOnly) {
  vitest('server-db', ['--project', 'server']);
} else {
  check('type-check', 'typecheck');
  check('lint', 'lint');
  vitest('all', []);
  playwright();
}

writeFileSync(path.join(artifacts, `test-counts-${suite}.json`), JSON.stringify(total));
if (failures.length) console.log(`\n[test] what failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
if (pagesAtFailure.length) console.log(`\n[test] the page when it failed:\n${pagesAtFailure.join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);

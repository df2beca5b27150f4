// `npm start`: run the built site (dist/start.js), building it first when the build is missing or older than
// a source. Plain JavaScript on purpose: after `npm ci --omit=dev` there is no TypeScript runner, and a
// current build needs none.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');
const SOURCES = [
  'apps/server/src',
  'apps/media/src',
  'apps/web/src',
  'apps/web/index.html',
  'packages',
  'scripts',
];
// build/: what node-gyp writes at install (packages/srtp-native), not a source.
const SKIP = new Set(['node_modules', 'dist', 'fixtures', 'test', 'build']);

/** Newest modification time under `p` (sources only). */
const newest = (p) => {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of readdirSync(p, { withFileTypes: true }))
    if (!SKIP.has(e.name)) max = Math.max(max, newest(path.join(p, e.name)));
  return max;
};

/** One line in the launcher's JSON shape (scripts/launcher-log.ts; that module is TypeScript, this file cannot import it). */
const log = (event, msg) =>
  process.stdout.write(
    `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, hostname: hostname(), service: 'launcher', event, msg })}\n`,
  );

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (!builtAt || sourcesAt > builtAt || !existsSync(path.join(root, 'dist/start.js'))) {
  log('building', builtAt ? 'sources changed since the build: building' : 'building');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(path.join(root, 'dist/start.js'));

/**
 * Issue 2/7 budget: JavaScript a first visit to a route downloads, gzipped (entry + its static imports +
 * the route's lazy chunk and that chunk's static imports). Reads Vite's manifest of the last build.
 * Run: npm run build -w @mintcast/web && npx tsx bench/web/bundle-size.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../support/child.ts';
import { printMachineLoad } from '../support/load.ts';
import { report } from '../support/report.ts';

printMachineLoad();

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
}

const dist = path.join(repoRoot, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No Vite manifest: run `npm run build -w @mintcast/web` first (build.manifest is on).');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k]?.imports ?? [], seen);
  }
  return seen;
};
const gz = (keys: Iterable<string>) => {
  let total = 0;
  for (const k of keys) {
    const file = manifest[k]?.file;
    if (file?.endsWith('.js')) total += gzipSync(readFileSync(path.join(dist, file))).length;
  }
  return total;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entry) throw new Error('no entry chunk in manifest');
const entryKeys = closure([entry]);
const routeKey = (name: string) => Object.keys(manifest).find((k) => k.includes(`routes/${name}/index.tsx`));
const rows: [string, string][] = [['entry (shell, router, query)', kb(gz(entryKeys))]];
for (const route of ['home', 'explore', 'trending', 'livestream', 'start-streaming']) {
  const key = routeKey(route);
  if (!key) continue;
  const keys = closure([entry, key]);
  const budget = route === 'home' ? ' (budget ≤ 150 KB)' : '';
  rows.push([`/${route === 'home' ? '' : route} initial JS`, `${kb(gz(keys))}${budget}`]);
}
const lk = Object.values(manifest).find((c) => c.src?.includes('livekit-client'));
rows.push([
  'livekit-client in entry closure?',
  lk && [...entryKeys].some((k) => manifest[k] === lk) ? 'YES' : 'no',
]);
report('Initial JavaScript per route (gzipped)', 'npx tsx bench/web/bundle-size.ts', rows);

/**
 * `npm run bench [name…]`: run the benchmarks (all, or those whose path contains a given name), one after
 * another, each printing its own figures and command. Nothing here asserts: figures are for reading.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
const filters = process.argv.slice(2);
const benches: string[] = [];
for (const dir of readdirSync(root)) {
  const full = path.join(root, dir);
  if (dir === 'support' || dir === 'node_modules' || !statSync(full).isDirectory()) continue;
  for (const f of readdirSync(full)) {
    // Helper modules (servers, workers) are named *-server.ts / *-worker.ts / *.lib.ts and are not benches.
    if (!f.endsWith('.ts') || /-(server|worker|child)\.ts$|\.lib\.ts$/.test(f)) continue;
    benches.push(path.join(dir, f));
  }
}
const selected = benches.filter((b) => filters.length === 0 || filters.some((f) => b.includes(f))).sort();
if (selected.some((b) => b.startsWith('web/'))) {
  spawnSync('npm', ['run', 'build', '-w', '@mintcast/web'], { stdio: 'inherit', cwd: path.join(root, '..') });
}
let failed = 0;
for (const b of selected) {
  console.log(`\n=== bench/${b}`);
  const res = spawnSync(path.join(root, '../node_modules/.bin/tsx'), [path.join(root, b)], {
    stdio: 'inherit',
  });
  if (res.status !== 0) failed += 1;
}
console.log(`\n${selected.length} benchmarks run, ${failed} exited with an error`);

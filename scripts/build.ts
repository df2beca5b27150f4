/**
 * `npm run build`: everything that runs — the web app (Vite) and the server, media server and launcher as
 * JavaScript (scripts/bundle.ts) — then a stamp `npm start` compares with the sources to know it is current.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundle } from './bundle.ts';
import { repoRoot } from './launcher.ts';

/** Written last: `npm start` (scripts/start.mjs) rebuilds when a source is newer than it. */
const BUILD_STAMP = 'dist/.build-stamp';

const web = spawnSync('npm', ['run', 'build', '-w', '@mintcast/web'], { cwd: repoRoot, stdio: 'inherit' });
if (web.status !== 0) process.exit(web.status ?? 1);
await bundle(repoRoot);
writeFileSync(path.join(repoRoot, BUILD_STAMP), `${new Date().toISOString()}\n`);
console.log('[build] web app in apps/web/dist, server and media in apps/*/dist, launcher in dist/');

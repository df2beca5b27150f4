/**
 * `npm run dev`: API server with reload, the media server, and Vite's dev server (which proxies /api).
 * Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';
import { prepareEnvironment, repoRoot, runTs } from './launcher.ts';

const port = process.env.PORT || '3000';
process.env.PUBLIC_ORIGIN = process.env.PUBLIC_ORIGIN || 'http://localhost:5173';
process.env.ALLOWED_ORIGINS = process.env.ALLOWED_ORIGINS || `http://localhost:${port}`;
const { env, embeddedMedia } = await prepareEnvironment({ apiOrigin: `http://127.0.0.1:${port}` });
env.NODE_ENV = 'development';
if (embeddedMedia) runTs('media', 'apps/media/src/main.ts', env);
runTs('server', 'apps/server/src/main.ts', env, ['watch']);
spawn('npm', ['run', 'dev', '-w', '@mintcast/web'], {
  cwd: repoRoot,
  env: { ...env, MINTCAST_API_ORIGIN: `http://127.0.0.1:${port}` },
  stdio: 'inherit',
});

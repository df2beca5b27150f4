/**
 * `npm start` (built into dist/start.js, run by scripts/start.mjs): the whole site on one URL — API + built
 * web app, embedded database, and the embedded media server (unless LIVEKIT_URL points at an external
 * LiveKit) — each process running its built JavaScript with this Node.
 */
import { prepareEnvironment, runTs } from './launcher.ts';

const port = process.env.PORT || '3000';
// The site's origin follows the port unless configured (sign-in messages and WebSocket origins must match it).
process.env.PUBLIC_ORIGIN = process.env.PUBLIC_ORIGIN || `http://localhost:${port}`;
const { env, embeddedMedia } = await prepareEnvironment({ apiOrigin: `http://127.0.0.1:${port}` });
env.NODE_ENV = env.NODE_ENV || 'production';
if (embeddedMedia) runTs('media', 'apps/media/dist/main.js', env, [], process.execPath);
runTs('server', 'apps/server/dist/main.js', env, [], process.execPath);
console.log(`[mintcast] serving on ${env.PUBLIC_ORIGIN || `http://localhost:${port}`}`);

/**
 * `npm start` (built into dist/start.js, run by scripts/start.mjs): the whole site on one URL — API + built
 * web app, embedded database, and the embedded media server (unless LIVEKIT_URL points at an external
 * LiveKit) — each process running its built JavaScript with this Node.
 */
import { localOrigin, prepareEnvironment, runTs } from './launcher.ts';
import { launcherLog } from './launcher-log.ts';
import { DEFAULT_LIVENESS, httpAnswers } from './supervisor.ts';

const port = process.env.PORT || '3000';
// The site's origin follows the port unless configured (sign-in messages and WebSocket origins must match it).
process.env.PUBLIC_ORIGIN = process.env.PUBLIC_ORIGIN || `http://localhost:${port}`;
const { env, embeddedMedia } = await prepareEnvironment({ apiOrigin: `http://127.0.0.1:${port}` });
// NODE_ENV is left as given: `NODE_ENV=production` (the Docker image sets it) makes the server refuse a local
// origin and placeholder secrets (apps/server/src/env-rules.ts), which a first `npm start` on a laptop has.
const publicUrl = env.PUBLIC_ORIGIN || `http://localhost:${port}`;
// Each child is asked whether it still answers (decision: a hung process keeps its ports and is never
// restarted by its exit alone); the site is announced once the API server really listens.
if (embeddedMedia)
  runTs('media', 'apps/media/dist/main.js', env, [], process.execPath, {
    liveness: {
      ...DEFAULT_LIVENESS,
      check: httpAnswers(`${localOrigin(env.MEDIA_HOST, env.MEDIA_PORT ?? '')}/`),
    },
  });
let announced = false;
runTs('server', 'apps/server/dist/main.js', env, [], process.execPath, {
  liveness: { ...DEFAULT_LIVENESS, check: httpAnswers(`${localOrigin(env.HOST, port)}/api/health`) },
  onEvent: (e) => {
    if (e.event !== 'ready' || announced) return;
    announced = true;
    launcherLog('info', 'serving', `serving on ${publicUrl}`, { url: publicUrl });
  },
});

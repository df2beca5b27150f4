// `npm install` / `npm ci` build of the addon with the node-gyp that npm bundles. It never fails the install:
// without a compiler, Node's headers or Python, it prints one line and the media server keeps its JavaScript
// SRTP path (decision 019). The full build output of a failed build is kept in build-error.log beside this file.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
const log = path.join(here, 'build-error.log');
const say = (line) => console.log(`[srtp-native] ${line}`);
const fallback = (why) => {
  say(`not built (${why}); the media server will use its JavaScript SRTP path`);
  process.exit(0);
};

/** npm sets npm_config_node_gyp for lifecycle scripts; elsewhere the node-gyp bundled next to npm. */
const nodeGyp = () => {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp))
    return process.env.npm_config_node_gyp;
  const npmDir = path.join(path.dirname(process.execPath), '../lib/node_modules/npm');
  const bundled = path.join(npmDir, 'node_modules/node-gyp/bin/node-gyp.js');
  return existsSync(bundled) ? bundled : undefined;
};

/**
 * Node's own headers (OpenSSL's included) next to the running binary (/usr/bin/node → /usr/include/node, the
 * official images' /usr/local/include/node): node-gyp would otherwise download them, and there may be no network.
 */
const nodeDir = () => {
  if (process.env.npm_config_nodedir) return process.env.npm_config_nodedir;
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return existsSync(path.join(prefix, 'include/node/node_api.h')) ? prefix : undefined;
};

try {
  rmSync(log, { force: true });
  const gyp = nodeGyp();
  if (!gyp) fallback('node-gyp not found');
  const dir = nodeDir();
  const r = spawnSync(process.execPath, [gyp, 'rebuild', ...(dir ? [`--nodedir=${dir}`] : [])], {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'warn' },
  });
  if (r.status !== 0) {
    writeFileSync(log, `${r.error ?? ''}\n${r.stdout ?? ''}\n${r.stderr ?? ''}`);
    fallback(`node-gyp exited ${r.status ?? r.signal}; see ${log}`);
  }
  // Built is not enough: it must load into this Node (the OpenSSL symbols it calls are Node's).
  const addon = createRequire(import.meta.url)('./build/Release/srtp_native.node');
  say(`built against ${addon.openssl}`);
} catch (err) {
  fallback(err instanceof Error ? err.message.split('\n')[0] : String(err));
}
process.exit(0);

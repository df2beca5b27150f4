// Loads the addon built by install.mjs. Never throws: when it is missing or cannot load, `reason` says why and
// callers use their JavaScript path.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @returns {import('./index.d.ts').SrtpNativeLoad} */
export const loadSrtpNative = (file = './build/Release/srtp_native.node') => {
  const resolved = new URL(file, import.meta.url);
  if (!existsSync(resolved)) {
    const log = new URL('./build-error.log', import.meta.url);
    const why = existsSync(log) ? `its build failed: ${log.pathname}` : 'npm ci or npm install builds it';
    return { addon: undefined, reason: `addon not built (${why})` };
  }
  try {
    const addon = require(resolved.pathname);
    if (typeof addon?.Sender !== 'function') return { addon: undefined, reason: `not this addon: ${file}` };
    return { addon, reason: undefined };
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { addon: undefined, reason: `addon not loaded: ${message}` };
  }
};

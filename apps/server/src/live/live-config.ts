import { HOST_GRACE_DEFAULT_MS } from '@mintcast/contracts';

export interface LiveOptions {
  /** How long the host may be gone from the room before the stream is marked offline. */
  hostGraceMs: number;
}

/**
 * Live settings from the environment (read here until they move into env.ts): `LIVE_HOST_GRACE_MS`
 * (default 15 s; tests set it small). Missing or invalid means the default.
 */
export const liveOptionsFromEnv = (env: NodeJS.ProcessEnv = process.env): LiveOptions => {
  const raw = env.LIVE_HOST_GRACE_MS;
  const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return { hostGraceMs: Number.isFinite(n) && n >= 0 ? n : HOST_GRACE_DEFAULT_MS };
};

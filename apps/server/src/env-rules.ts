import { z } from 'zod';

/** A URL whose scheme is one of `protocols` (e.g. `['http:', 'https:']`); zod's url() alone takes `localhost:3000`. */
export const zUrl = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return protocols.includes(u.protocol) && u.hostname !== '';
      } catch {
        return false;
      }
    },
    `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

/** Rules between variables: an external LiveKit needs its key pair (the generated dev pair is only for ours). */
export const crossVariableRules = (
  e: { LIVEKIT_URL: string; LIVEKIT_API_KEY: string; LIVEKIT_API_SECRET: string },
  ctx: z.RefinementCtx,
): void => {
  if (!e.LIVEKIT_URL) return;
  for (const name of ['LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'] as const)
    if (!e[name].trim())
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'required when LIVEKIT_URL names an external LiveKit',
      });
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Settings that work but that an operator should hear about at boot. */
export const configWarnings = (c: { publicOrigin: string }): string[] => {
  const origin = new URL(c.publicOrigin);
  if (
    origin.protocol === 'http:' &&
    !LOCAL_HOSTS.has(origin.hostname) &&
    !origin.hostname.endsWith('.localhost')
  )
    return [
      `PUBLIC_ORIGIN is plain http on ${origin.hostname}: browsers allow the camera and wallets only on https (or localhost)`,
    ];
  return [];
};

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

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Loopback or a `.localhost` name: an origin only this machine can open. */
const isLocalHost = (hostname: string): boolean =>
  LOCAL_HOSTS.has(hostname) ||
  hostname.endsWith('.localhost') ||
  hostname.startsWith('127.') ||
  hostname === '0.0.0.0' ||
  hostname === '[::]';

/** The placeholder the example files carry (`change-me`, `change-me-to-…`): a value nobody chose. */
const PLACEHOLDER = /change[-_ ]?me/i;

/** Secrets that must not keep the example's placeholder, and how an operator makes a real one. */
const SECRETS = [
  ['LIVEKIT_API_SECRET', 'make one with `openssl rand -hex 32` and give LiveKit the same pair'],
  ['METRICS_TOKEN', 'make one with `openssl rand -hex 32` and give the scraper the same'],
  [
    'DATABASE_URL',
    "its password is the example's: give the database user a real one (`openssl rand -hex 24`; POSTGRES_PASSWORD in deploy/.env)",
  ],
] as const;

/**
 * With NODE_ENV=production the process refuses to boot on what would only work on one machine, or not safely:
 * a local or plain-http PUBLIC_ORIGIN, instances sharing a database without shared signing keys, a placeholder
 * secret. Each issue names the variable and how to make a good value. A local run leaves NODE_ENV unset.
 */
export const productionRules = (
  e: {
    NODE_ENV: string;
    PUBLIC_ORIGIN: string;
    DATABASE_URL?: string | undefined;
    AUTH_SIGNING_KEYS?: unknown;
    LIVEKIT_API_SECRET: string;
    METRICS_TOKEN: string;
  },
  ctx: z.RefinementCtx,
): void => {
  if (e.NODE_ENV !== 'production') return;
  const origin = new URL(e.PUBLIC_ORIGIN);
  if (origin.protocol !== 'https:' || isLocalHost(origin.hostname))
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_ORIGIN'],
      message: `in production, the https address visitors open (e.g. https://mintcast.example.com), not ${origin.origin}: sign-in messages name it and browsers allow camera and wallets only on https (for a local run, leave NODE_ENV unset)`,
    });
  if (e.DATABASE_URL && !e.AUTH_SIGNING_KEYS)
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_SIGNING_KEYS'],
      message:
        'required in production with DATABASE_URL: every instance on that database must sign sessions with the same keys; make a set with `npm run auth:new-key`',
    });
  for (const [name, howTo] of SECRETS)
    if (PLACEHOLDER.test(e[name] ?? ''))
      ctx.addIssue({ code: 'custom', path: [name], message: `still the placeholder "change-me": ${howTo}` });
};

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

/** Settings that work but that an operator should hear about at boot. */
export const configWarnings = (c: { publicOrigin: string }): string[] => {
  const origin = new URL(c.publicOrigin);
  if (origin.protocol === 'http:' && !isLocalHost(origin.hostname))
    return [
      `PUBLIC_ORIGIN is plain http on ${origin.hostname}: browsers allow the camera and wallets only on https (or localhost)`,
    ];
  return [];
};

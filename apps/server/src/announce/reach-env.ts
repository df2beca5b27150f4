import { z } from 'zod';
import { zUrl } from '../env-rules.ts';

const ZBase64UrlKey = (bytes: number, hint: string) =>
  z
    .string()
    .default('')
    .refine((v) => v === '' || Buffer.from(v, 'base64url').length === bytes, hint);

/**
 * The environment of go-live announcements (Web Push, Telegram, Discord). Every part is optional: without its
 * keys a channel is off (the API says so) and the rest of the site runs as before.
 */
export const ZReachEnvShape = {
  /** `npm run push:new-keys` prints a pair. Both empty: Web Push is off. */
  VAPID_PUBLIC_KEY: ZBase64UrlKey(65, 'must be a P-256 public key (base64url, 65 bytes)'),
  VAPID_PRIVATE_KEY: ZBase64UrlKey(32, 'must be a P-256 private key (base64url, 32 bytes)'),
  /** Who push services contact about this site's pushes (RFC 8292): `mailto:` or an https URL. */
  VAPID_SUBJECT: z
    .string()
    .default('')
    .refine((v) => v === '' || /^(mailto:|https:\/\/)/.test(v), 'must start with mailto: or https://'),
  /** 32 bytes, base64url (`npm run push:new-keys` prints one): encrypts bot tokens and webhook URLs at rest. */
  ANNOUNCE_SECRETS_KEY: ZBase64UrlKey(32, 'must be 32 bytes, base64url'),
  TELEGRAM_API_URL: zUrl(['http:', 'https:']).default('https://api.telegram.org'),
};

type ReachEnv = {
  [K in keyof typeof ZReachEnvShape]: z.infer<(typeof ZReachEnvShape)[K]>;
};

export interface ReachConfig {
  /** VAPID key pair and subject; null = Web Push is off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** AES-256-GCM key of the stored channel secrets; null = Telegram and Discord cannot be connected. */
  secretsKey: Buffer | null;
  telegramApiUrl: string;
  /**
   * Tests only: outbound requests (push endpoints, webhooks) may go to loopback and plain http, where the
   * stand-ins listen. Never set from the environment.
   */
  allowPrivateTargets?: boolean;
  /** How often the leader looks for announcements a lost NOTIFY left behind (ms). */
  sweepIntervalMs?: number;
  /** How often the leader looks for scheduled-broadcast reminders that are due (ms; tests set it short). */
  reminderSweepMs?: number;
}

/** Refines that need two variables at once: a VAPID pair is both keys or neither. */
export const reachEnvRules = (e: ReachEnv, ctx: z.RefinementCtx): void => {
  const hasPublic = e.VAPID_PUBLIC_KEY !== '';
  if (hasPublic !== (e.VAPID_PRIVATE_KEY !== ''))
    ctx.addIssue({
      code: 'custom',
      path: [hasPublic ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npm run push:new-keys)',
    });
};

export const reachConfig = (e: ReachEnv, publicOrigin: string): ReachConfig => ({
  vapid:
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? {
          publicKey: e.VAPID_PUBLIC_KEY,
          privateKey: e.VAPID_PRIVATE_KEY,
          subject:
            e.VAPID_SUBJECT || (publicOrigin.startsWith('https:') ? publicOrigin : 'mailto:ops@localhost'),
        }
      : null,
  secretsKey: e.ANNOUNCE_SECRETS_KEY ? Buffer.from(e.ANNOUNCE_SECRETS_KEY, 'base64url') : null,
  telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
});

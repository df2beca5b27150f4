import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signing of deliveries, the Standard Webhooks scheme (standardwebhooks.com; decision 029): HMAC-SHA256 with the
 * endpoint's secret over `{webhook-id}.{webhook-timestamp}.{body}`, sent as `webhook-signature: v1,<base64>`.
 * The timestamp is signed, so a receiver that refuses old timestamps is safe from replays; the id is the same on
 * every attempt, so a receiver drops repeats (delivery is at least once).
 */
export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes. */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string): Buffer => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');

export const sign = (secret: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/** The headers of one attempt. */
export const signedHeaders = (secret: string, id: string, timestamp: number, body: string) => ({
  'content-type': 'application/json',
  'user-agent': 'Mintcast-Webhooks/1',
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': sign(secret, id, timestamp, body),
});

/**
 * What a receiver does (tests and the docs use it): true when one of the space-separated `v1,` signatures is
 * ours and the timestamp is within `toleranceS` of `nowS`.
 */
export const verify = (
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowS: number,
  toleranceS = 300,
): boolean => {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowS - ts) > toleranceS) return false;
  const expected = Buffer.from(sign(secret, headers.id, ts, body));
  return headers.signature
    .split(' ')
    .some((s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), expected));
};

import { AccessToken, type VideoGrant } from 'livekit-server-sdk';

export const API_KEY = 'APItestkey';
export const API_SECRET = 'test-secret-0123456789-abcdefghijklmnop';
export const KEYS = { [API_KEY]: API_SECRET };

/** A join token as the API server mints it. */
export function joinToken(
  identity: string,
  room: string,
  grant: Partial<VideoGrant> = {},
  extra: { metadata?: string; name?: string; ttl?: number | string } = {},
): Promise<string> {
  const at = new AccessToken(API_KEY, API_SECRET, {
    identity,
    metadata: extra.metadata,
    name: extra.name,
    ttl: extra.ttl ?? '1h',
  });
  at.addGrant({ room, roomJoin: true, canSubscribe: true, ...grant });
  return at.toJwt();
}

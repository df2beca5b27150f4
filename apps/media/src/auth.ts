import { type ClaimGrants, TokenVerifier, type VideoGrant } from 'livekit-server-sdk';

/** An error with the HTTP status and plain-text reason LiveKit would answer with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifiedToken {
  apiKey: string;
  claims: ClaimGrants;
}

/** Go LiveKit allows 60 s of clock skew; the JS verifier's default is 10 s. Use Go's. */
const CLOCK_TOLERANCE_SEC = 60;

/** Reads the token from `Authorization: Bearer` or the `access_token` query value. */
export function extractToken(authorization: string | undefined, query: URLSearchParams): string {
  if (authorization) {
    if (!authorization.startsWith('Bearer '))
      throw new HttpError(401, 'invalid authorization header. Must start with Bearer ');
    return authorization.slice('Bearer '.length).trim();
  }
  const token = query.get('access_token');
  if (!token) throw new HttpError(401, 'permissions denied');
  return token;
}

/** HS256 only, `iss` must be a configured key, `exp` required. */
export async function verifyToken(token: string, keys: Record<string, string>): Promise<VerifiedToken> {
  const [headerPart, payloadPart] = token.split('.');
  let header: { alg?: string };
  let unverified: { iss?: string };
  try {
    header = JSON.parse(Buffer.from(headerPart ?? '', 'base64url').toString('utf8'));
    unverified = JSON.parse(Buffer.from(payloadPart ?? '', 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(401, 'invalid authorization token');
  }
  if (header.alg !== 'HS256') throw new HttpError(401, 'invalid authorization token: unsupported algorithm');
  const apiKey = unverified.iss;
  const secret = apiKey ? keys[apiKey] : undefined;
  if (!apiKey || !secret) throw new HttpError(401, 'invalid API key');
  try {
    const claims = (await new TokenVerifier(apiKey, secret).verify(
      token,
      CLOCK_TOLERANCE_SEC,
    )) as ClaimGrants;
    return { apiKey, claims };
  } catch (err) {
    throw new HttpError(401, `invalid authorization token: ${(err as Error).message}`);
  }
}

export interface JoinGrant {
  apiKey: string;
  identity: string;
  room: string;
  video: VideoGrant;
  claims: ClaimGrants;
}

const MAX_NAME_LENGTH = 256;

/** The checks Go LiveKit runs before upgrading `/rtc`: a video grant with roomJoin and a room. */
export async function authorizeJoin(token: string, keys: Record<string, string>): Promise<JoinGrant> {
  const { apiKey, claims } = await verifyToken(token, keys);
  const video = claims.video;
  if (!video) throw new HttpError(401, 'permissions denied');
  if (!video.roomJoin) throw new HttpError(401, 'permissions denied');
  const identity = claims.sub ?? (claims as { jti?: string }).jti ?? '';
  if (!identity) throw new HttpError(400, 'identity cannot be empty');
  const room = video.room ?? '';
  if (!room) throw new HttpError(400, 'room name cannot be empty');
  if (identity.length > MAX_NAME_LENGTH) throw new HttpError(400, 'identity is too long');
  if (room.length > MAX_NAME_LENGTH) throw new HttpError(400, 'room name is too long');
  return { apiKey, identity, room, video, claims };
}

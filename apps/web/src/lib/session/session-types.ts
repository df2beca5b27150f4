/** The session as the server issues it (`TAuthSession`), kept free of zod: this module loads on first paint. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  /** Unix seconds. */
  expires_at: number;
  token_type: 'bearer';
  user: { id: string; address: string };
}

export type AuthChangeEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';
export type AuthChangeListener = (event: AuthChangeEvent, session: Session | null) => void;
export type SignOutScope = 'global' | 'local' | 'others';

/** A structural check of a stored or received session (both tokens required, spec §8). */
export const isSession = (value: unknown): value is Session => {
  const s = value as Partial<Session> | null;
  return (
    !!s &&
    typeof s.access_token === 'string' &&
    s.access_token.length > 0 &&
    typeof s.refresh_token === 'string' &&
    s.refresh_token.length > 0 &&
    typeof s.expires_at === 'number' &&
    typeof s.expires_in === 'number' &&
    s.token_type === 'bearer' &&
    typeof s.user?.address === 'string' &&
    /^0x[0-9a-f]{40}$/.test(s.user.address)
  );
};

/**
 * Per-address caps on what a client may hold open at once (realtime sockets). The per-minute rate limit counts
 * requests, not how long they stay: 1,000 sockets from one address passed it. The address is `request.ip`, so
 * TRUST_PROXY decides whose it is.
 */
export interface ClientCaps {
  /** Realtime WebSockets open at once from one address. */
  socketsPerAddress: number;
  /**
   * Media webhooks one address may post per minute, counted before the signature is checked. The route is
   * outside the site-wide limit (every webhook comes from the media server's one address, one per viewer
   * joining or leaving); this ceiling is a hundred a second, far above a busy room and far below a flood.
   */
  webhooksPerMinute: number;
}

/** Generous for people (a tab holds one socket), tight for a script. */
export const DEFAULT_CLIENT_CAPS: ClientCaps = { socketsPerAddress: 32, webhooksPerMinute: 6_000 };

/** Counts what each address holds; `acquire` answers a release function, or null when the address is at `max`. */
export const createAddressCounter = (max: number) => {
  const held = new Map<string, number>();
  return {
    acquire(address: string): (() => void) | null {
      const n = held.get(address) ?? 0;
      if (n >= max) return null;
      held.set(address, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(address) ?? 1) - 1;
        if (left <= 0) held.delete(address);
        else held.set(address, left);
      };
    },
    count: (address: string) => held.get(address) ?? 0,
  };
};

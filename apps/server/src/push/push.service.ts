import type { TPushSubscription } from '@mintcast/contracts';
import { assertCallable, type OutboundPolicy } from '../announce/outbound-http.ts';
import type { ReachConfig } from '../announce/reach-env.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { PushRepository } from './push.repository.ts';

/** Most browsers one wallet may register for notifications (each costs a request per go-live). */
export const PUSH_SUBSCRIPTIONS_PER_WALLET = 20;

/** The rules of push subscriptions: push must be on, endpoints public https URLs. */
export const createPushService = (deps: {
  repo: PushRepository;
  vapid: ReachConfig['vapid'];
  policy: OutboundPolicy;
}) => ({
  async subscribe(address: string, sub: TPushSubscription): Promise<void> {
    if (!deps.vapid) throw new AppError(503, 'push_disabled', 'Notifications are not set up on this site');
    // The endpoint is a URL the server will POST to: never one inside our network.
    await assertCallable(sub.endpoint, deps.policy, 'endpoint');
    await deps.repo.save(address, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    await deps.repo.keepNewest(address, PUSH_SUBSCRIPTIONS_PER_WALLET);
  },

  async streams(address: string) {
    const rows = await deps.repo.followedStreams(address);
    return {
      items: rows.map((r) => ({ mint: r.mint, name: r.name, symbol: r.symbol, enabled: r.muted === null })),
    };
  },

  /** The per-stream switch; only for a stream the wallet follows. */
  async setStreamEnabled(address: string, mint: string, enabled: boolean): Promise<void> {
    if (!(await deps.repo.follows(address, mint))) throw notFound('You do not follow this stream');
    await deps.repo.setMuted(address, mint, !enabled);
  },

  /** Idempotent: an unknown endpoint (or another wallet's) is simply not there afterwards. */
  async unsubscribe(address: string, endpoint: string): Promise<void> {
    await deps.repo.removeOwn(address, endpoint);
  },
});

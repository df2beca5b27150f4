import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TGoLivePushPayload, TStream } from '@mintcast/contracts';
import webPush from 'web-push';
import { type OutboundPolicy, postOutbound } from '../announce/outbound-http.ts';
import type { ReachConfig } from '../announce/reach-env.ts';
import type { PushRepository, PushTarget } from './push.repository.ts';

/** Pushes in flight at once: a large audience goes out in parallel without opening thousands of sockets. */
const CONCURRENCY = 64;
/** A push service may keep an undelivered go-live for this long (a stream an hour later is old news). */
const TTL_SECONDS = 60 * 60;

export interface PushOutcome {
  sent: number;
  removed: number;
  failed: number;
}

/**
 * Web Push of a go-live to every follower's browsers. The `web-push` library encrypts (RFC 8291, aes128gcm)
 * and signs (VAPID, RFC 8292) each message; the request itself goes through `postOutbound`, because endpoints
 * are URLs a browser handed us (a private address is refused). A 404/410 means the subscription is gone for
 * good: it is deleted. Other failures are counted and left for the next broadcast.
 */
export const createPushSender = (deps: {
  repo: PushRepository;
  vapid: NonNullable<ReachConfig['vapid']>;
  policy: OutboundPolicy;
  publicOrigin: string;
  log: { warn: (o: object, m: string) => void };
}) => {
  /**
   * The VAPID `Authorization` of a push service (the JWT's audience is its origin). Signing one costs more than
   * encrypting a message (web-push converts the key and signs ES256 each time), and a run's thousands of pushes
   * go to a handful of push services: one signature per service per run. A token is valid 12 h, far beyond a run.
   */
  const vapidAuthorization = (cache: Map<string, string>, endpoint: string): string => {
    const u = new URL(endpoint);
    const audience = `${u.protocol}//${u.host}`;
    let authorization = cache.get(audience);
    if (!authorization) {
      const { subject, publicKey, privateKey } = deps.vapid;
      authorization = webPush.getVapidHeaders(audience, subject, publicKey, privateKey, 'aes128gcm')
        .Authorization as string;
      cache.set(audience, authorization);
    }
    return authorization;
  };

  /**
   * Encryption (RFC 8291: a new key pair and ECDH per message) is synchronous CPU work on the API's thread: one
   * message per event-loop turn, so requests of other users are served between two messages rather than after
   * a whole burst of them (64 sends finishing together would otherwise encrypt their next 64 in one turn).
   */
  let lane: Promise<unknown> = Promise.resolve();
  const encrypted = (target: PushTarget, payload: string, authorization: string) => {
    const next = lane.then(async () => {
      await nextTurn();
      // No `vapidDetails` (nor web-push's module-wide ones, never set here): the signed header is ours.
      return webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { headers: { Authorization: authorization }, TTL: TTL_SECONDS, urgency: 'high' },
      );
    });
    lane = next.catch(() => {});
    return next;
  };

  const sendOne = async (
    target: PushTarget,
    payload: string,
    vapid: Map<string, string>,
  ): Promise<'sent' | 'removed' | 'failed'> => {
    try {
      const details = await encrypted(target, payload, vapidAuthorization(vapid, target.endpoint));
      const answer = await postOutbound(details.endpoint, {
        headers: details.headers,
        body: details.body,
        policy: deps.policy,
      });
      if (answer.status === 404 || answer.status === 410) {
        await deps.repo.remove(target.endpoint);
        return 'removed';
      }
      if (answer.status >= 200 && answer.status < 300) return 'sent';
      deps.log.warn({ status: answer.status, host: new URL(target.endpoint).host }, 'push: refused');
      return 'failed';
    } catch (err) {
      deps.log.warn({ err, host: new URL(target.endpoint).host }, 'push: send failed');
      return 'failed';
    }
  };

  /** `body` to every one of `targets`, `CONCURRENCY` at a time. */
  const sendTo = async (targets: PushTarget[], body: string): Promise<PushOutcome> => {
    const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
    const vapid = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const target = targets[next++]!;
        outcome[await sendOne(target, body, vapid)]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
    return outcome;
  };

  return {
    sendTo,
    async wentLive(stream: TStream): Promise<PushOutcome> {
      const targets = await deps.repo.followersTargets(stream.mint, stream.creator_address);
      const payload: TGoLivePushPayload = {
        type: 'stream_went_live',
        mint: stream.mint,
        name: stream.name,
        symbol: stream.symbol,
        image_uri: stream.image_uri,
        url: `${deps.publicOrigin}/livestream/${stream.mint}`,
      };
      return sendTo(targets, JSON.stringify(payload));
    },
  };
};

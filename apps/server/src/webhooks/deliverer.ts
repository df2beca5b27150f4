import { type OutboundPolicy, postOutbound } from '../announce/outbound-http.ts';
import { open } from '../auth/secret-box.ts';
import { signedHeaders } from './signing.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';
import { sealContext } from './webhooks.service.ts';

export type AttemptResult = { ok: true } | { ok: false; error: string };

/** The public link of a stream in event payloads. */
const streamUrl = (origin: string, mint: string) => `${origin}/livestream/${mint}`;

/**
 * One attempt of one delivery: the endpoint's URL and secret opened, the body signed with a fresh timestamp,
 * POSTed under the SSRF rules (DNS checked on the connection itself) with the outbound timeout, and the outcome
 * written to the log. A 2xx is delivered; anything else is an error for the queue to retry (`last` = no retry
 * is left: the log says failed).
 */
export const createDeliverer = (deps: {
  repo: WebhooksRepository;
  secretsKey: Buffer;
  policy: OutboundPolicy;
  publicOrigin: string;
  now: () => number;
}) => ({
  async attempt(deliveryId: string, last: boolean): Promise<AttemptResult> {
    const d = await deps.repo.forAttempt(deliveryId);
    // The endpoint was removed since: nothing to deliver, nothing to retry.
    if (!d) return { ok: true };
    const url = open(deps.secretsKey, d.url_sealed, sealContext(d.endpoint_id, 'url'));
    const secret = open(deps.secretsKey, d.secret_sealed, sealContext(d.endpoint_id, 'secret'));
    const fail = async (error: string, lastStatus: number | null): Promise<AttemptResult> => {
      await deps.repo.recordAttempt(deliveryId, { status: last ? 'failed' : 'retrying', lastStatus, error });
      return { ok: false, error };
    };
    if (!url || !secret) return fail('the endpoint cannot be opened with this site key', null);
    const data = d.data as Record<string, unknown>;
    const body = JSON.stringify({
      type: d.event_type,
      timestamp: new Date(d.occurred_at).toISOString(),
      data:
        d.event_type === 'stream.live' || d.event_type === 'stream.offline'
          ? { ...data, url: streamUrl(deps.publicOrigin, String(data.mint)) }
          : data,
    });
    const timestamp = Math.floor(deps.now() / 1000);
    try {
      const answer = await postOutbound(url, {
        headers: signedHeaders(secret, d.event_id, timestamp, body),
        body,
        policy: deps.policy,
      });
      if (answer.status >= 200 && answer.status < 300) {
        await deps.repo.recordAttempt(deliveryId, {
          status: 'delivered',
          lastStatus: answer.status,
          error: null,
        });
        return { ok: true };
      }
      return fail(`HTTP ${answer.status}`, answer.status);
    } catch (err) {
      return fail(err instanceof Error ? err.message.slice(0, 300) : 'request failed', null);
    }
  },
});

export type Deliverer = ReturnType<typeof createDeliverer>;

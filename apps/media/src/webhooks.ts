import { createHash } from 'node:crypto';
import {
  type EgressInfo,
  type ParticipantInfo,
  type Room,
  type TrackInfo,
  WebhookEvent,
} from '@livekit/protocol';
import { AccessToken } from 'livekit-server-sdk';
import { guid } from './ids.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';

export type WebhookEventName =
  | 'room_started'
  | 'room_finished'
  | 'participant_joined'
  | 'participant_left'
  | 'track_published'
  | 'track_unpublished'
  | 'egress_started'
  | 'egress_ended';

const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000];
const REQUEST_TIMEOUT_MS = 5_000;

/**
 * Posts LiveKit's webhook events, one at a time and in order (receivers expect room_started
 * before participant_joined), signed the way `WebhookReceiver` checks them.
 */
export class WebhookNotifier {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly url: string | undefined,
    private readonly apiKey: string,
    private readonly apiSecret: string,
    private readonly log: Logger,
    private readonly metrics: Metrics,
  ) {}

  notify(
    event: WebhookEventName,
    payload: { room?: Room; participant?: ParticipantInfo; track?: TrackInfo; egressInfo?: EgressInfo },
  ): void {
    if (!this.url || this.closed) return;
    const msg = new WebhookEvent({
      event,
      id: guid('EV_'),
      createdAt: BigInt(Math.floor(Date.now() / 1000)),
      ...payload,
    });
    // Serialise once and sign those exact bytes; the receiver hashes the body it got.
    const body = JSON.stringify(msg.toJson());
    this.queue = this.queue.then(() => this.deliver(event, body));
  }

  /** Waits for queued deliveries (used at shutdown so room_finished still goes out). */
  async flush(timeoutMs = 3_000): Promise<void> {
    await Promise.race([this.queue, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    this.closed = true;
  }

  private async deliver(event: string, body: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(this.url as string, {
          method: 'POST',
          headers: {
            Authorization: await this.sign(body),
            'Content-Type': 'application/webhook+json',
            'User-Agent': 'LiveKit',
          },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          this.metrics.webhooksSent++;
          this.log.debug('webhook_sent', { webhook: event, status: res.status });
          return;
        }
        throw new Error(`HTTP ${res.status}`);
      } catch (err) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || this.closed) {
          this.metrics.webhooksFailed++;
          this.log.warn('webhook_failed', { webhook: event, attempts: attempt + 1, error: err });
          return;
        }
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  private async sign(body: string): Promise<string> {
    const at = new AccessToken(this.apiKey, this.apiSecret, { ttl: '5m' });
    at.sha256 = createHash('sha256').update(body).digest('base64');
    return at.toJwt();
  }
}

import type { WebhookEvent } from 'livekit-server-sdk';
import type { Access } from './access/access.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { AppConfig } from './env.ts';
import type { ClientCaps } from './http/client-caps.ts';
import type { Metrics } from './http/metrics.ts';
import type { StreamsService } from './streams/streams.service.ts';

/** What every feature plugin gets: configuration, the database and the shared services. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  streams: StreamsService;
  /** Who may do what (creator, staff, admin, not banned): the one access check of every service. */
  access: Access;
  /** The clock of rules that count time (slow mode, timeouts, report limits); tests inject their own. */
  now: () => number;
  /** What one client address may hold open at once. */
  caps: ClientCaps;
  /** This instance's Prometheus metrics (served at `/metrics`). */
  metrics: Metrics;
  /** Features that also act on verified media webhooks (recordings: egress_ended); the live feature calls them. */
  mediaWebhooks: Set<(event: WebhookEvent) => Promise<void>>;
}

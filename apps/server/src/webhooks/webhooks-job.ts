import type PgBoss from 'pg-boss';
import type { Deliverer } from './deliverer.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

export const DELIVERY_QUEUE = 'webhook-delivery';
/** Events fanned out per round. */
const BATCH = 100;

export interface WebhooksQueueOptions {
  /** Attempts after the first (bounded): the default 6 spans two to four minutes with back-off. */
  retryLimit: number;
  /** First back-off, in seconds: pg-boss doubles it each retry, with jitter. */
  retryDelaySeconds: number;
  /** How often each worker asks the queue for deliveries (seconds, at least 0.5). */
  pollingIntervalSeconds: number;
  /** How often the outbox of new events is read (ms). */
  dispatchIntervalMs: number;
  /** Workers (each takes up to `batchSize` deliveries at a time) on this instance. */
  workers: number;
  batchSize: number;
  /** How often finished deliveries past the log's bounds are deleted (ms; 0: never). */
  pruneIntervalMs: number;
}

/**
 * The delivery log's bounds: a finished delivery (delivered or failed) is kept for this many days, and at most
 * this many per endpoint (the cockpit shows the last 25). Pending and retrying ones are never pruned.
 */
export const WEBHOOK_LOG_KEEP_DAYS = 30;
export const WEBHOOK_LOG_KEEP_PER_ENDPOINT = 200;

export const DEFAULT_QUEUE_OPTIONS: WebhooksQueueOptions = {
  retryLimit: 6,
  retryDelaySeconds: 2,
  pollingIntervalSeconds: 1,
  dispatchIntervalMs: 1_000,
  workers: 2,
  batchSize: 10,
  pruneIntervalMs: 60 * 60_000,
};

/**
 * The two halves of delivery, run on every instance:
 * - dispatch: events the triggers wrote to the outbox are claimed (SKIP LOCKED, with a lease), fanned out to a
 *   log row per subscribed endpoint, queued as pg-boss jobs whose id is the delivery's (a fan-out repeated after a
 *   crash queues nothing twice), then removed from the outbox;
 * - work: pg-boss hands each job to one worker of one instance; a failed attempt fails the job, which pg-boss
 *   retries with exponential back-off up to `retryLimit`. A worker that dies mid-attempt leaves its job active
 *   until it expires, then it is retried: at least once.
 */
export const createWebhooksJob = (deps: {
  boss: PgBoss;
  repo: WebhooksRepository;
  deliverer: Deliverer;
  options: WebhooksQueueOptions;
  log: { warn: (o: object, m: string) => void };
  /** Milliseconds: the app's clock, for the log's age bound. */
  now: () => number;
}) => {
  const { boss, options } = deps;

  const enqueue = async (ids: string[]): Promise<void> => {
    if (ids.length === 0) return;
    await boss.insert(ids.map((id) => ({ name: DELIVERY_QUEUE, id, data: { deliveryId: id } })));
  };

  let dispatching: Promise<void> | null = null;
  let again = false;
  const dispatch = (): Promise<void> => {
    if (dispatching) {
      again = true;
      return dispatching;
    }
    dispatching = (async () => {
      try {
        do {
          again = false;
          for (;;) {
            const events = await deps.repo.claimEvents(BATCH);
            if (events.length === 0) break;
            await enqueue(await deps.repo.fanOut(events));
            await deps.repo.forgetEvents(events.map((e) => e.id));
            if (events.length < BATCH) break;
          }
        } while (again);
      } catch (err) {
        deps.log.warn({ err }, 'webhooks: dispatch failed');
      } finally {
        dispatching = null;
      }
    })();
    return dispatching;
  };

  const work = async (jobs: PgBoss.JobWithMetadata<{ deliveryId: string }>[]) => {
    await Promise.all(
      jobs.map(async (job) => {
        const last = job.retryCount >= job.retryLimit;
        const result = await deps.deliverer.attempt(job.data.deliveryId, last).catch((err: unknown) => ({
          ok: false as const,
          error: err instanceof Error ? err.message : 'attempt failed',
        }));
        // The others of the batch are completed when this handler returns; this one is retried (or failed).
        if (!result.ok) await boss.fail(DELIVERY_QUEUE, job.id, { message: result.error });
      }),
    );
  };

  /** Deletes finished deliveries past the log's bounds (idempotent: every instance may run it). */
  const prune = async (): Promise<void> => {
    try {
      await deps.repo.pruneDeliveries(
        new Date(deps.now() - WEBHOOK_LOG_KEEP_DAYS * 86_400_000),
        WEBHOOK_LOG_KEEP_PER_ENDPOINT,
      );
    } catch (err) {
      deps.log.warn({ err }, 'webhooks: pruning the delivery log failed');
    }
  };

  let timer: NodeJS.Timeout | undefined;
  let pruner: NodeJS.Timeout | undefined;
  return {
    enqueue,
    dispatch,
    prune,
    async start(): Promise<void> {
      await boss.start();
      await boss.createQueue(DELIVERY_QUEUE, {
        name: DELIVERY_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        // A worker gone quiet this long is taken for dead: its job is failed and retried.
        expireInSeconds: 120,
        retentionMinutes: 24 * 60,
      });
      for (let i = 0; i < options.workers; i++)
        await boss.work<{ deliveryId: string }>(
          DELIVERY_QUEUE,
          {
            batchSize: options.batchSize,
            pollingIntervalSeconds: options.pollingIntervalSeconds,
            includeMetadata: true,
          },
          work,
        );
      if (options.dispatchIntervalMs > 0) {
        timer = setInterval(() => void dispatch(), options.dispatchIntervalMs);
        timer.unref();
      }
      if (options.pruneIntervalMs > 0) {
        pruner = setInterval(() => void prune(), options.pruneIntervalMs);
        pruner.unref();
      }
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      clearInterval(pruner);
      await dispatching;
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
};

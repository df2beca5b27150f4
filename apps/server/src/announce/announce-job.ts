import type { TStream } from '@mintcast/contracts';
import type { LeaderLock } from '../db/advisory-lock.ts';
import { createLeaderRounds } from '../db/leader-rounds.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { AnnounceRepository } from './announce.repository.ts';

export const ANNOUNCE_TOPIC = 'announce';
/** Announcements taken per round. */
const BATCH = 20;
/** A go-live not announced within this long (the site was down) is dropped, not sent late. */
const FRESH_MS = 10 * 60_000;
/** Sent announcements are kept this long, for an operator to look at. */
const KEEP_MS = 24 * 60 * 60_000;

/** One way of announcing a go-live (Web Push, Telegram and Discord…). */
export type Announcer = (stream: TStream) => Promise<unknown>;

/**
 * Go-live announcements outside the site, sent once per broadcast for the whole site. The instance where the
 * stream went live writes it to the outbox and NOTIFYs; only the instance holding the `announce` leader lock
 * sends (so two instances never both push), on the NOTIFY or, if that was lost, at its next sweep.
 */
export const createAnnounceJob = (deps: {
  repo: AnnounceRepository;
  lock: LeaderLock;
  streams: Pick<StreamsService, 'onWentLive' | 'get'>;
  pubsub: PubSub;
  announcers: Announcer[];
  sweepIntervalMs: number;
  now: () => number;
  log: { warn: (o: object, m: string) => void };
}) => {
  const announce = async (mint: string) => {
    const stream = await deps.streams.get(mint).catch(() => null);
    if (!stream) return;
    // Each channel on its own: a slow Telegram never delays the pushes, a failing one never stops the others.
    await Promise.all(
      deps.announcers.map((a) =>
        a(stream).catch((err: unknown) => deps.log.warn({ err, mint }, 'announce: a channel failed')),
      ),
    );
  };

  const drain = async () => {
    for (;;) {
      const rows = await deps.repo.claim(BATCH, new Date(deps.now() - FRESH_MS));
      await Promise.all(rows.map((r) => announce(r.stream_id)));
      if (rows.length < BATCH) break;
    }
    await deps.repo.prune(new Date(deps.now() - KEEP_MS));
  };

  const rounds = createLeaderRounds({ lock: deps.lock, round: drain, log: deps.log, name: 'announce' });
  /** Send what is pending, if this instance leads; a kick while sending runs one more round after it. */
  const kick = rounds.kick;

  const wentLive = (s: TStream) => {
    deps.repo
      .enqueue(s.mint)
      .then(() => deps.pubsub.publish(ANNOUNCE_TOPIC, ''))
      .catch((err: unknown) => deps.log.warn({ err, mint: s.mint }, 'announce: enqueue failed'));
  };

  let unlisten: (() => Promise<void>) | undefined;
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  return {
    kick,
    async start(): Promise<void> {
      unlisten = await deps.pubsub.subscribe(ANNOUNCE_TOPIC, () => void kick());
      unsubscribe = deps.streams.onWentLive(wentLive);
      if (deps.sweepIntervalMs > 0) {
        timer = setInterval(() => void kick(), deps.sweepIntervalMs);
        timer.unref();
      }
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      unsubscribe?.();
      await unlisten?.();
      await rounds.stop();
    },
  };
};

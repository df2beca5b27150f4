import { SCHEDULE_REMINDER_LEAD_MINUTES, type TSchedulePushPayload } from '@mintcast/contracts';
import type { ScheduleReminder } from '../announce/targets-sender.ts';
import type { LeaderLock } from '../db/advisory-lock.ts';
import { createLeaderRounds } from '../db/leader-rounds.ts';
import type { PushTarget } from '../push/push.repository.ts';
import type { SchedulesRepository } from './schedules.repository.ts';
import { GRACE_MS } from './schedules.service.ts';

const LEAD_MS = SCHEDULE_REMINDER_LEAD_MINUTES * 60_000;
/** Reminders taken per round. */
const BATCH = 20;

/**
 * Reminders of scheduled broadcasts, `SCHEDULE_REMINDER_LEAD_MINUTES` before their time: Web Push to the
 * browsers of the wallets that asked, and a post to the stream's Telegram channel and Discord webhook when its
 * creator chose so. Each sweep (every `sweepIntervalMs`) runs only on the instance holding
 * the `schedule-reminders` leader lock, and a due schedule is claimed (`reminded_at` set) in the same statement
 * that finds it, so a reminder goes out once whatever the number of instances. One found after its grace
 * period (the site was down) is not sent, and is deleted with the other past schedules.
 */
export const createReminderJob = (deps: {
  repo: SchedulesRepository;
  lock: LeaderLock;
  /** Web Push (null: off on this site). */
  push: { sendTo: (targets: PushTarget[], body: string) => Promise<unknown> } | null;
  /** Telegram and Discord (null: off on this site). */
  channels: { reminder: (s: ScheduleReminder) => Promise<void> } | null;
  publicOrigin: string;
  sweepIntervalMs: number;
  now: () => number;
  log: { warn: (o: object, m: string) => void };
}) => {
  const remind = async (mint: string) => {
    const s = await deps.repo.find(mint, new Date(deps.now() - GRACE_MS));
    if (!s) return;
    const card: ScheduleReminder = {
      mint,
      name: s.name,
      symbol: s.symbol,
      image_uri: s.image_uri,
      title: s.title,
      starts_at: s.starts_at,
    };
    const payload: TSchedulePushPayload = {
      type: 'schedule_reminder',
      ...card,
      url: `${deps.publicOrigin}/livestream/${mint}`,
    };
    const push = deps.push;
    // Each channel on its own: a failing Telegram never stops the pushes.
    await Promise.all([
      push &&
        deps.repo.reminderTargets(mint).then((targets) => push.sendTo(targets, JSON.stringify(payload))),
      deps.channels
        ?.reminder(card)
        .catch((err: unknown) => deps.log.warn({ err, mint }, 'schedule reminder: a channel failed')),
    ]);
  };

  const round = async () => {
    for (;;) {
      const now = deps.now();
      const due = await deps.repo.claimDue(
        new Date(now + LEAD_MS),
        new Date(now - GRACE_MS),
        new Date(now),
        BATCH,
      );
      await Promise.all(
        due.map((mint) =>
          remind(mint).catch((err: unknown) => deps.log.warn({ err, mint }, 'schedule reminder failed')),
        ),
      );
      if (due.length < BATCH) break;
    }
    await deps.repo.prune(new Date(deps.now() - GRACE_MS));
  };

  const rounds = createLeaderRounds({ lock: deps.lock, round, log: deps.log, name: 'schedule reminders' });
  let timer: NodeJS.Timeout | undefined;
  return {
    kick: rounds.kick,
    start(): void {
      if (deps.sweepIntervalMs <= 0) return;
      timer = setInterval(() => void rounds.kick(), deps.sweepIntervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await rounds.stop();
    },
  };
};

import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_LIVE_WINDOW_DAYS,
  SCHEDULE_GRACE_MINUTES,
  SCHEDULE_REMINDER_LEAD_MINUTES,
  type TNotification,
} from '@mintcast/contracts';
import type { NotificationsRepository } from './notifications.repository.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const LEAD_MS = SCHEDULE_REMINDER_LEAD_MINUTES * MINUTE_MS;

/**
 * The bell's list: go-lives of followed streams (last 7 days), tips received, reports handled, and broadcasts
 * the wallet asked to be reminded of (from a few minutes before their time to the end of their grace period);
 * newest first.
 */
export const createNotificationsService = (repo: NotificationsRepository, now: () => number) => ({
  async list(address: string): Promise<TNotification[]> {
    const since = new Date(now() - NOTIFICATION_LIVE_WINDOW_DAYS * DAY_MS);
    const t = now();
    const [lives, tips, reports, reminders] = await Promise.all([
      repo.goLives(address, since),
      repo.tipsReceived(address),
      repo.reportsHandled(address),
      repo.reminders(
        address,
        new Date(t + LEAD_MS),
        new Date(t - SCHEDULE_GRACE_MINUTES * MINUTE_MS),
        LEAD_MS,
      ),
    ]);
    return [...lives, ...tips, ...reports, ...reminders]
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, NOTIFICATION_LIST_LIMIT);
  },
});

export type NotificationsService = ReturnType<typeof createNotificationsService>;

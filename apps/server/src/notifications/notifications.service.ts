import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_LIVE_WINDOW_DAYS,
  type TNotification,
} from '@mintcast/contracts';
import type { NotificationsRepository } from './notifications.repository.ts';

const DAY_MS = 86_400_000;

/** The bell's list: go-lives of followed streams (last 7 days), tips received, reports handled; newest first. */
export const createNotificationsService = (repo: NotificationsRepository, now: () => number) => ({
  async list(address: string): Promise<TNotification[]> {
    const since = new Date(now() - NOTIFICATION_LIVE_WINDOW_DAYS * DAY_MS);
    const [lives, tips, reports] = await Promise.all([
      repo.goLives(address, since),
      repo.tipsReceived(address),
      repo.reportsHandled(address),
    ]);
    return [...lives, ...tips, ...reports]
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, NOTIFICATION_LIST_LIMIT);
  },
});

export type NotificationsService = ReturnType<typeof createNotificationsService>;

import { scheduleIcsPath } from '@mintcast/contracts';
import { CalendarClock, CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useStreamScheduleQuery } from '../../queries/schedules.ts';
import { Countdown } from './countdown.tsx';
import { ReminderButton } from './reminder-button.tsx';

/**
 * The stream page's next broadcast, while the stream is offline: its title and time, a live countdown,
 * "Remind me" and the `.ics`. Nothing when none is scheduled; once the stream is live the page plays it.
 */
export function ScheduleCard({ mint, live }: { mint: string; live: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const viewer = useSession()?.user.address ?? null;
  const query = useStreamScheduleQuery(mint, viewer);
  const s = query.data?.schedule;
  if (!s || live) return null;
  return (
    <section
      aria-labelledby="schedule-title"
      data-testid="schedule-card"
      className="rounded-2xl border border-brand/30 bg-surface p-4 shadow-lg shadow-black/10 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-brand uppercase">
            <CalendarClock aria-hidden className="size-4" />
            {t('schedule.upcomingBroadcast')}
          </p>
          <h2 id="schedule-title" className="mt-1 text-lg font-bold break-words text-fg">
            {s.title}
          </h2>
          <time dateTime={s.starts_at} className="text-sm text-muted">
            {fmt.dateTime(new Date(s.starts_at))}
          </time>
        </div>
        <Countdown startsAt={s.starts_at} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <ReminderButton mint={mint} viewer={viewer} reminded={query.data?.reminded ?? false} />
        <a href={scheduleIcsPath(mint)} download className={buttonClass('secondary', 'sm')}>
          <CalendarPlus aria-hidden className="size-4" />
          {t('schedule.addToCalendar')}
        </a>
      </div>
      <p className="mt-3 text-xs text-muted">{t('schedule.remindHint')}</p>
    </section>
  );
}

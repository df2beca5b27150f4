import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from '../../components/section-header.tsx';
import { useUpcomingQuery } from '../../queries/schedules.ts';
import { UpcomingCard } from './upcoming-card.tsx';

/** "Upcoming": scheduled broadcasts, soonest first (site-wide, or one creator's); nothing when there are none. */
export function UpcomingSection({ creator, id }: { creator?: string; id: string }) {
  const { t } = useTranslation();
  const items = useUpcomingQuery(creator).data?.items;
  if (!items?.length) return null;
  return (
    <section aria-labelledby={id} data-testid="upcoming-section">
      <SectionHeader
        id={id}
        title={t('schedule.upcoming')}
        icon={<CalendarClock aria-hidden className="size-5 text-brand" />}
      />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((s) => (
          <li key={s.mint} className="min-w-0">
            <UpcomingCard schedule={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}

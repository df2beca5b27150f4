import type { LucideIcon } from 'lucide-react';
import { Clock, Radio, Tv } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format.ts';
import { useStreamStatsQuery } from '../../queries/streams.ts';

function StatCard({
  icon: Icon,
  value,
  label,
  accent,
  testId,
}: {
  icon: LucideIcon;
  value: string | null;
  label: string;
  accent: string;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-start gap-2.5 rounded-2xl border border-border bg-surface p-3.5 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <span className={`flex size-9 shrink-0 items-center justify-center rounded-xl sm:size-12 ${accent}`}>
        <Icon className="size-5 sm:size-6" aria-hidden />
      </span>
      <div className="min-w-0">
        {value === null ? (
          <div className="skeleton my-1 h-6 w-12 rounded sm:h-7 sm:w-14" />
        ) : (
          <p className="text-xl leading-8 font-bold tabular-nums sm:text-2xl sm:leading-9">{value}</p>
        )}
        <p className="text-xs leading-tight text-muted sm:text-sm">{label}</p>
      </div>
    </div>
  );
}

/** Three stat cards of spec §2: live streams, total streams and the fixed "24/7 Always Online". */
export function StatCards() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const stats = useStreamStatsQuery();
  const figure = (n: number | undefined) => (stats.isError ? '—' : n === undefined ? null : fmt.integer(n));
  return (
    <section aria-label={t('home.stats')} className="grid grid-cols-3 gap-2.5 sm:gap-4">
      <StatCard
        testId="stat-live"
        icon={Radio}
        value={figure(stats.data?.live)}
        label={t('home.liveStreams')}
        accent="bg-live/15 text-live"
      />
      <StatCard
        testId="stat-total"
        icon={Tv}
        value={figure(stats.data?.total)}
        label={t('home.totalStreams')}
        accent="bg-brand/15 text-brand"
      />
      <StatCard
        testId="stat-always"
        icon={Clock}
        value="24/7"
        label={t('home.alwaysOnline')}
        accent="bg-sky-400/15 text-sky-400"
      />
    </section>
  );
}

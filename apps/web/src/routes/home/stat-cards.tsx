import type { LucideIcon } from 'lucide-react';
import { Clock, Radio, Tv } from 'lucide-react';
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
      className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-5"
    >
      <span className={`flex size-12 shrink-0 items-center justify-center rounded-xl ${accent}`}>
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="min-w-0">
        {value === null ? (
          <div className="skeleton my-1 h-7 w-14 rounded" />
        ) : (
          <p className="text-2xl leading-9 font-bold tabular-nums">{value}</p>
        )}
        <p className="text-sm text-muted">{label}</p>
      </div>
    </div>
  );
}

/** Three stat cards of spec §2: live streams, total streams and the fixed "24/7 Always Online". */
export function StatCards() {
  const stats = useStreamStatsQuery();
  const figure = (n: number | undefined) =>
    stats.isError ? '—' : n === undefined ? null : n.toLocaleString('en-US');
  return (
    <section aria-label="Stream statistics" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <StatCard
        testId="stat-live"
        icon={Radio}
        value={figure(stats.data?.live)}
        label="Live Streams"
        accent="bg-live/15 text-live"
      />
      <StatCard
        testId="stat-total"
        icon={Tv}
        value={figure(stats.data?.total)}
        label="Total Streams"
        accent="bg-brand/15 text-brand"
      />
      <StatCard
        testId="stat-always"
        icon={Clock}
        value="24/7"
        label="Always Online"
        accent="bg-sky-400/15 text-sky-400"
      />
    </section>
  );
}

import { Activity, Coins, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useStreamsQuery } from '../../queries/streams.ts';
import { parseTrendingSort, TRENDING_LIMIT, TRENDING_SORTS, type TrendingSort } from './sort-options.ts';
import { TrendingRow, TrendingRowSkeleton } from './trending-row.tsx';

const SORT_ICONS = { market_cap: Coins, participants: Users, activity: Activity } as const;

/** Route `/trending` (spec §2): the token board with three sorts, kept in `?sort=` so it can be shared. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sort = parseTrendingSort(params.get('sort'));
  const query = useStreamsQuery({ sort, limit: TRENDING_LIMIT });
  const items = query.data?.items;
  const setSort = (value: TrendingSort) =>
    setParams(value === 'market_cap' ? {} : { sort: value }, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle icon={TrendingUp} title={t('trending.title')} subtitle={t('trending.subtitle')} />
        </div>
        <fieldset className="flex w-full rounded-xl border border-border bg-surface p-1 sm:inline-flex sm:w-auto sm:self-start">
          <legend className="sr-only">{t('trending.sortBy')}</legend>
          {TRENDING_SORTS.map(({ value }) => {
            const Icon = SORT_ICONS[value];
            const active = value === sort;
            return (
              <button
                key={value}
                type="button"
                aria-pressed={active}
                onClick={() => setSort(value)}
                className={`inline-flex h-9 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-2 text-sm font-semibold transition-colors sm:flex-none sm:px-3 ${
                  active ? 'bg-brand text-on-brand' : 'text-muted hover:text-fg'
                }`}
              >
                <Icon className="hidden size-4 sm:block" aria-hidden />
                {t(`trending.sort.${value}`)}
              </button>
            );
          })}
        </fieldset>
      </header>

      {query.isError && !items ? (
        <InlineError message={t('common.errors.loadStreams')} onRetry={() => query.refetch()} />
      ) : items?.length === 0 ? (
        <EmptyState icon={TrendingUp} title={t('trending.empty')} text={t('trending.emptyText')} />
      ) : (
        <div className="overflow-hidden rounded-2xl border border-border bg-surface">
          <div className="hidden grid-cols-[2.5rem_2.75rem_minmax(0,1fr)_8rem_6.5rem_6.5rem] gap-4 border-b border-border px-5 py-3 text-xs font-semibold tracking-wider text-muted uppercase sm:grid">
            <span>#</span>
            <span />
            <span>{t('trending.token')}</span>
            <span className="text-right">{t('trending.marketCap')}</span>
            <span className="text-right">{t('trending.status')}</span>
            <span className="text-right">{t('trending.participants')}</span>
          </div>
          <ol className={`divide-y divide-border ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
            {items
              ? items.map((s, i) => <TrendingRow key={s.mint} stream={s} rank={i + 1} />)
              : // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
                Array.from({ length: 8 }, (_, i) => <TrendingRowSkeleton key={i} />)}
          </ol>
        </div>
      )}
    </div>
  );
}

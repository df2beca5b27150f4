import { SearchX } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { StreamGrid } from '../../components/stream-grid.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useStreamSearchQuery } from '../../queries/streams.ts';
import { ResultsCount } from './results-count.tsx';

/** Search results for `term`: count, grid, "No results for" and "Failed to search streams". */
export function SearchResults({ term }: { term: string }) {
  const { t } = useTranslation();
  const search = useStreamSearchQuery(term);
  const data = search.data;
  if (search.isError)
    return <InlineError message={t('common.errors.searchStreams')} onRetry={() => search.refetch()} />;
  if (data && data.total === 0)
    return (
      <EmptyState
        icon={SearchX}
        title={t('explore.noStreamsFound')}
        text={
          <Trans
            i18nKey="explore.noResultsFor"
            values={{ term }}
            components={{ b: <span className="font-semibold text-fg" /> }}
          />
        }
      />
    );
  return (
    <div className="space-y-4">
      <ResultsCount count={data?.total} more={data?.hasMore} term={term} />
      <StreamGrid testId="search-grid" streams={data?.items} loading={search.isPending} skeletons={8} />
    </div>
  );
}

import { STREAM_LIST_DEFAULT_LIMIT } from '@mintcast/contracts';
import { LoaderCircle, Radio, Tv } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StreamCard, StreamCardSkeleton } from '../../components/stream-card.tsx';
import { CardGrid, StreamGrid } from '../../components/stream-grid.tsx';
import { buttonClass } from '../../components/ui/button.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useStreamPagesQuery, useStreamStatsQuery } from '../../queries/streams.ts';
import { ResultsCount } from './results-count.tsx';

/** Every stream, live first then newest, one cursor page at a time ("Load more"). */
export function AllStreams() {
  const { t } = useTranslation();
  const pages = useStreamPagesQuery({ limit: STREAM_LIST_DEFAULT_LIMIT, sort: 'newest' });
  const stats = useStreamStatsQuery();
  if (pages.isError && !pages.data)
    return <InlineError message={t('common.errors.loadStreams')} onRetry={() => pages.refetch()} />;
  const items = pages.data?.pages.flatMap((p) => p.items);
  if (items?.length === 0)
    return (
      <EmptyState icon={Tv} title={t('explore.noStreamsFound')} text={t('explore.noStreamsText')}>
        <Link to="/start-streaming" className={buttonClass('primary', 'md')}>
          <Radio className="size-4" aria-hidden />
          {t('common.startStreaming')}
        </Link>
      </EmptyState>
    );
  return (
    <div className="space-y-4">
      <ResultsCount count={stats.data?.total ?? (pages.hasNextPage ? undefined : items?.length)} />
      {items ? (
        <CardGrid testId="all-grid">
          {items.map((s) => (
            <StreamCard key={s.mint} stream={s} />
          ))}
          {pages.isFetchingNextPage &&
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
            Array.from({ length: 4 }, (_, i) => <StreamCardSkeleton key={i} />)}
        </CardGrid>
      ) : (
        <StreamGrid testId="all-grid" streams={undefined} loading skeletons={8} />
      )}
      {pages.isFetchNextPageError && (
        <InlineError message={t('common.errors.loadStreams')} onRetry={() => pages.fetchNextPage()} />
      )}
      {pages.hasNextPage && (
        <div className="flex justify-center pt-2">
          <button
            type="button"
            onClick={() => pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
            className={buttonClass('secondary', 'md', 'min-w-40')}
          >
            {pages.isFetchingNextPage && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {t('common.loadMore')}
          </button>
        </div>
      )}
    </div>
  );
}

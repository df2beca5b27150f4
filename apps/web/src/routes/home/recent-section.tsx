import { HOME_RECENT_CARDS, HOME_RECENT_SKELETONS } from '@mintcast/contracts';
import { Clock, Radio, Tv } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionHeader } from '../../components/section-header.tsx';
import { StreamGrid } from '../../components/stream-grid.tsx';
import { buttonClass } from '../../components/ui/button.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useStreamsQuery } from '../../queries/streams.ts';

/** "Recent Streams" (spec §2): up to 8 streams that are not live, newest first. */
export function RecentSection() {
  const { t } = useTranslation();
  const recent = useStreamsQuery({ live: false, limit: HOME_RECENT_CARDS });
  const items = recent.data?.items;
  return (
    <section aria-labelledby="recent-streams" className="below-fold [--below-fold-size:1200px]">
      <SectionHeader
        id="recent-streams"
        title={t('home.recentStreams')}
        icon={<Clock className="size-5 text-muted" />}
      />
      {recent.isError && !items ? (
        <InlineError message={t('common.errors.loadStreams')} onRetry={() => recent.refetch()} />
      ) : items?.length === 0 ? (
        <EmptyState icon={Tv} title={t('home.noStreamsYet')} text={t('home.beFirst')}>
          <Link to="/start-streaming" className={buttonClass('primary', 'md')}>
            <Radio className="size-4" aria-hidden />
            {t('common.startStreaming')}
          </Link>
        </EmptyState>
      ) : (
        <StreamGrid
          testId="recent-grid"
          streams={items}
          loading={recent.isPending}
          skeletons={HOME_RECENT_SKELETONS}
        />
      )}
    </section>
  );
}

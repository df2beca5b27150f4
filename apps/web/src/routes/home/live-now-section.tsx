import { HOME_LIVE_CARDS, HOME_LIVE_SKELETONS } from '@mintcast/contracts';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionHeader } from '../../components/section-header.tsx';
import { StreamGrid } from '../../components/stream-grid.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { useStreamsQuery } from '../../queries/streams.ts';

/** "Live Now" (spec §2): shown while loading (4 skeletons) and when at least one stream is live. */
export function LiveNowSection() {
  const { t } = useTranslation();
  const live = useStreamsQuery({ live: true, limit: HOME_LIVE_CARDS });
  const items = live.data?.items;
  if (live.isSuccess && items?.length === 0) return null;
  return (
    <section aria-labelledby="live-now">
      <SectionHeader
        id="live-now"
        title={t('home.liveNow')}
        icon={<LiveBadge />}
        action={
          <Link
            to="/explore"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:text-brand-strong"
          >
            {t('home.viewAll')}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        }
      />
      {live.isError && !items ? (
        <InlineError message={t('common.errors.loadStreams')} onRetry={() => live.refetch()} />
      ) : (
        <StreamGrid
          testId="live-grid"
          streams={items}
          loading={live.isPending}
          skeletons={HOME_LIVE_SKELETONS}
        />
      )}
    </section>
  );
}

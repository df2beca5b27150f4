import { isTokenAddress, shortenAddress } from '@mintcast/contracts';
import { History, Radio, SearchX, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SectionHeader } from '../../components/section-header.tsx';
import { StreamGrid } from '../../components/stream-grid.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { ChatAvatar } from '../../features/chat/chat-avatar.tsx';
import { creatorName } from '../../features/creator/creator-name.ts';
import { UpcomingSection } from '../../features/schedules/upcoming-section.tsx';
import { useCreatorQuery } from '../../queries/streams.ts';

/** Route `/creator/:address`: who a creator is and their streams, live ones first, then past ones (issue 29). */
export function Component() {
  const { t } = useTranslation();
  const { address: raw } = useParams();
  const address = raw?.trim();
  // A wallet address has the same shape as a token's.
  const valid = Boolean(address && isTokenAddress(address));
  const creator = useCreatorQuery(valid ? address : undefined);
  if (!valid || !address) return <EmptyState icon={SearchX} title={t('watch.creatorInvalid')} />;
  if (creator.isError && !creator.data) {
    return <InlineError message={t('watch.creatorLoadFailed')} onRetry={() => void creator.refetch()} />;
  }
  const data = creator.data;
  const name = creatorName(data?.username, address.toLowerCase(), t('common.anonymous'));
  const live = data?.streams.filter((s) => s.is_currently_live) ?? [];
  const past = data?.streams.filter((s) => !s.is_currently_live) ?? [];
  return (
    <div className="space-y-8" data-testid="creator-page">
      <title>{`${t('watch.creatorTitle', { name })} · Mintcast`}</title>
      <header className="flex flex-wrap items-center gap-4">
        <ChatAvatar address={address} image={data?.profile_image ?? null} size="size-16 text-lg" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold" data-testid="creator-title">
            {t('watch.creatorTitle', { name })}
          </h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-muted">
            <span className="rounded-md bg-surface-2 px-2 py-0.5 font-mono text-xs" title={address}>
              {shortenAddress(address.toLowerCase())}
            </span>
            {data && <span>{t('watch.streamCount', { count: data.streams.length })}</span>}
          </div>
        </div>
      </header>
      <UpcomingSection creator={address} id="creator-upcoming" />
      {data && data.streams.length === 0 ? (
        <EmptyState icon={UserRound} title={t('watch.creatorNoneTitle')} text={t('watch.creatorNoneText')} />
      ) : (
        <>
          {(creator.isPending || live.length > 0) && (
            <section aria-labelledby="creator-live">
              <SectionHeader
                id="creator-live"
                title={t('watch.creatorLive')}
                icon={<Radio className="size-5 text-live" aria-hidden />}
              />
              <StreamGrid streams={live} loading={creator.isPending} skeletons={2} testId="creator-live" />
            </section>
          )}
          {past.length > 0 && (
            <section aria-labelledby="creator-past">
              <SectionHeader
                id="creator-past"
                title={t('watch.creatorPast')}
                icon={<History className="size-5 text-muted" aria-hidden />}
              />
              <StreamGrid streams={past} loading={false} skeletons={0} testId="creator-past" />
            </section>
          )}
        </>
      )}
    </div>
  );
}

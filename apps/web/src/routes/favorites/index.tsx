import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StreamGrid } from '../../components/stream-grid.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ConnectPrompt } from '../../features/wallet/connect-prompt.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { useFavoritesQuery } from '../../queries/favorites.ts';

/** Route `/favorites`: signed out, only the spec's prompt; signed in, the streams this wallet liked or follows. */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const address = session?.user.address ?? null;
  const favorites = useFavoritesQuery(address);
  return (
    <div className="space-y-6">
      <header>
        <PageTitle
          icon={Heart}
          title={t('favorites.title')}
          subtitle={address ? t('favorites.subtitle') : undefined}
        />
      </header>
      {!address ? (
        <ConnectPrompt icon={Heart} text={t('favorites.connect')} />
      ) : favorites.isError ? (
        <InlineError message={t('common.errors.loadStreams')} onRetry={() => void favorites.refetch()} />
      ) : favorites.data && favorites.data.items.length === 0 ? (
        <EmptyState icon={Heart} title={t('favorites.empty')} text={t('favorites.emptyText')} />
      ) : (
        <StreamGrid
          streams={favorites.data?.items}
          loading={favorites.isPending}
          skeletons={4}
          testId="favorites-grid"
        />
      )}
    </div>
  );
}

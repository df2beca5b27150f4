import { Heart } from 'lucide-react';
import { StreamGrid } from '../../components/stream-grid.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ConnectPrompt } from '../../features/wallet/connect-prompt.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { useFavoritesQuery } from '../../queries/favorites.ts';

/** Route `/favorites`: signed out, only the spec's prompt; signed in, the streams this wallet liked or follows. */
export function Component() {
  const session = useSession();
  const address = session?.user.address ?? null;
  const favorites = useFavoritesQuery(address);
  return (
    <div className="space-y-6">
      <header>
        <PageTitle
          icon={Heart}
          title="Favorites"
          subtitle={address ? 'Streams you liked or follow, live ones first.' : undefined}
        />
      </header>
      {!address ? (
        <ConnectPrompt icon={Heart} text="Connect your wallet to view favorites" />
      ) : favorites.isError ? (
        <InlineError message="Failed to load streams" onRetry={() => void favorites.refetch()} />
      ) : favorites.data && favorites.data.items.length === 0 ? (
        <EmptyState
          icon={Heart}
          title="No favorites yet"
          text="Like or follow a stream and it shows up here."
        />
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

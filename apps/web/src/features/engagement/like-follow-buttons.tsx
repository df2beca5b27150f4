import { Heart, UserCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { formatters } from '../../lib/i18n/format.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { notify } from '../../lib/toast.ts';
import {
  type EngagementKind,
  useEngagementMutation,
  useStreamCountsQuery,
  useViewerStateQuery,
} from '../../queries/engagement.ts';
import { openConnectDialog } from '../wallet/wallet-store.ts';

/** Like and Follow for a stream, with exact counts. Signed out, a click opens the connect dialog. */
export function LikeFollowButtons({ mint, className = '' }: { mint: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const address = session?.user.address ?? null;
  const counts = useStreamCountsQuery(mint);
  const viewer = useViewerStateQuery(mint, address);
  const mutation = useEngagementMutation(mint, address);
  const liked = !!address && !!viewer.data?.liked;
  const subscribed = !!address && !!viewer.data?.subscribed;

  const toggle = (kind: EngagementKind, on: boolean) => {
    if (!address) return openConnectDialog();
    mutation.mutate(
      { kind, on },
      {
        onError: (err) => notify.error(err instanceof ApiError ? err.message : t('stream.engageFailed')),
      },
    );
  };
  const pending = (kind: EngagementKind) => mutation.isPending && mutation.variables?.kind === kind;

  return (
    <div className={`flex items-center gap-2 ${className}`} data-testid="engagement">
      <button
        type="button"
        onClick={() => toggle('like', !liked)}
        disabled={pending('like')}
        aria-pressed={liked}
        className={buttonClass('secondary', 'sm', liked ? 'border-live/40 text-live' : '')}
        data-testid="like-button"
      >
        <Heart className={`size-4 ${liked ? 'fill-current' : ''}`} aria-hidden />
        {liked ? t('stream.liked') : t('stream.like')}
        <span className="tabular-nums text-muted" data-testid="like-count">
          {formatters(i18n.language).count(counts.data?.likes ?? 0)}
        </span>
      </button>
      <button
        type="button"
        onClick={() => toggle('subscribe', !subscribed)}
        disabled={pending('subscribe')}
        aria-pressed={subscribed}
        className={buttonClass(subscribed ? 'secondary' : 'primary', 'sm', subscribed ? 'text-brand' : '')}
        data-testid="follow-button"
      >
        {subscribed ? (
          <UserCheck className="size-4" aria-hidden />
        ) : (
          <UserPlus className="size-4" aria-hidden />
        )}
        {subscribed ? t('stream.following') : t('stream.follow')}
        <span className={`tabular-nums ${subscribed ? 'text-muted' : ''}`} data-testid="follower-count">
          {formatters(i18n.language).count(counts.data?.subscribers ?? 0)}
        </span>
      </button>
    </div>
  );
}

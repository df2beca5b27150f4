import { isTokenAddress, type TClip } from '@mintcast/contracts';
import { ArrowLeftRight, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { ClipActions } from '../../features/clips/clip-actions.tsx';
import { TokenInfoCard } from '../../features/token/token-info-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { useClipQuery } from '../../queries/clips.ts';
import { useStreamQuery } from '../../queries/streams.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route `/clip/:id`: a clip (MP4, plays inline), its token card, and the way to the live stream and trading. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const valid = Boolean(id && UUID.test(id));
  const clip = useClipQuery(valid ? id : undefined);
  if (!valid) return <InlineError message={t('clip.notFound')} />;
  if (clip.isPending) return <div className="aspect-video animate-pulse rounded-2xl bg-surface" />;
  if (clip.isError) {
    const status = clip.error instanceof ApiError ? clip.error.status : 0;
    const message =
      status === 410 ? t('clip.removed') : status === 404 ? t('clip.notFound') : t('clip.loadFailed');
    return (
      <InlineError
        message={message}
        onRetry={status >= 500 || status === 0 ? () => void clip.refetch() : undefined}
      />
    );
  }
  return <Clip clip={clip.data} />;
}

function Clip({ clip: c }: { clip: TClip }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stream = useStreamQuery(isTokenAddress(c.mint) ? c.mint : undefined);
  const s = stream.data;
  return (
    <div className="flex flex-col gap-5">
      <title>{t('clip.pageTitle', { title: c.title })}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight">{c.title}</h1>
          <p className="text-sm text-muted">
            {t('clip.clippedOn', { date: format.dateTime(new Date(c.createdAt)) })} ·{' '}
            {t('clip.seconds', { count: Math.round(c.durationMs / 1000) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/livestream/${c.mint}`} className={buttonClass('primary', 'sm')}>
            <Radio className="size-4" aria-hidden />
            {t('clip.watchLive')}
          </Link>
          <Link to={`/livestream/${c.mint}#trade`} className={buttonClass('secondary', 'sm')}>
            <ArrowLeftRight className="size-4" aria-hidden />
            {t('clip.trade')}
          </Link>
          <ClipActions clip={c} creator={s?.creator_address ?? null} />
        </div>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        {/* biome-ignore lint/a11y/useMediaCaption: a clip of a live broadcast has no captions to offer */}
        <video
          src={c.videoUrl}
          poster={c.posterUrl}
          controls
          playsInline
          preload="metadata"
          aria-label={t('clip.video')}
          data-testid="clip-video"
          className="aspect-video w-full rounded-2xl bg-black"
        />
        <TokenInfoCard
          address={c.mint}
          fallback={s ? { name: s.name, symbol: s.symbol, image: s.image_uri } : undefined}
        />
      </div>
    </div>
  );
}

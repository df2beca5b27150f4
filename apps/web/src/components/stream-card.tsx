import { DEFAULT_THUMBNAIL, DEFAULT_TOKEN_IMAGE, type TStream } from '@mintcast/contracts';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { creatorName } from '../features/creator/creator-name.ts';
import { useFormat } from '../lib/i18n/format.ts';
import { liveAudience, liveAudienceShort } from './live-audience.ts';
import { FallbackImage } from './ui/fallback-image.tsx';
import { LiveBadge } from './ui/live-badge.tsx';

/**
 * A stream card (spec §2). Its thumbnail keeps a 16:9 box and its body a fixed height, so the
 * skeleton below occupies exactly the same space and nothing moves when data arrives.
 */
export function StreamCard({ stream }: { stream: TStream }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const live = stream.is_currently_live;
  return (
    <Link
      to={`/livestream/${stream.mint}`}
      data-testid="stream-card"
      data-live={live}
      className="group block overflow-hidden rounded-2xl border border-border bg-surface transition hover:-translate-y-0.5 hover:border-brand/40 hover:shadow-lg hover:shadow-black/20 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <div className="relative aspect-video overflow-hidden bg-surface-2">
        <FallbackImage
          src={stream.thumbnail}
          fallback={DEFAULT_THUMBNAIL}
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
        {live && <LiveBadge className="absolute top-2.5 left-2.5" />}
        {/* One row, so a long audience line ("1234 viendo") gives way to the market cap instead of running under it. */}
        <div className="absolute inset-x-2.5 bottom-2.5 flex items-center justify-end gap-2">
          {live && (
            <span
              data-testid="card-audience"
              className="mr-auto inline-flex min-w-0 items-center gap-1 rounded-md bg-black/65 px-2 py-0.5 text-xs font-semibold text-white tabular-nums backdrop-blur-sm"
            >
              <Eye aria-hidden className="size-3.5 shrink-0" />
              <span aria-hidden className="truncate" title={liveAudience(stream)}>
                {liveAudienceShort(stream)}
              </span>
              <span className="sr-only">{liveAudience(stream)}</span>
            </span>
          )}
          <span
            data-testid="card-market-cap"
            className="shrink-0 whitespace-nowrap rounded-md bg-black/65 px-2 py-0.5 text-xs font-semibold text-white backdrop-blur-sm"
          >
            {fmt.marketCap(stream.usd_market_cap)}
          </span>
        </div>
      </div>
      <div className="flex h-[72px] items-center gap-3 px-3.5">
        <div className="relative size-10 shrink-0">
          <FallbackImage
            src={stream.image_uri}
            fallback={DEFAULT_TOKEN_IMAGE}
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            className={`size-10 rounded-full bg-surface-2 object-cover ${live ? 'ring-2 ring-live' : 'ring-1 ring-border'}`}
          />
          {live && <LiveBadge size="xs" className="absolute -bottom-1.5 left-1/2 -translate-x-1/2" />}
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold leading-tight" title={stream.name}>
            {stream.name}
          </p>
          <p className="mt-1 flex min-w-0 items-center gap-1.5 text-xs text-muted">
            <span className="shrink-0 font-medium text-brand">${stream.symbol}</span>
            <span aria-hidden>·</span>
            <span className="truncate" data-testid="card-creator">
              {creatorName(stream.username, stream.creator_address, t('common.anonymous'))}
            </span>
          </p>
        </div>
      </div>
    </Link>
  );
}

/** Placeholder with the card's exact box: 16:9 picture plus the 72 px body. */
export function StreamCardSkeleton() {
  return (
    <div
      data-testid="stream-card-skeleton"
      aria-hidden
      className="overflow-hidden rounded-2xl border border-border bg-surface"
    >
      <div className="skeleton aspect-video" />
      <div className="flex h-[72px] items-center gap-3 px-3.5">
        <div className="skeleton size-10 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="skeleton h-3.5 w-3/4 rounded" />
          <div className="skeleton h-3 w-1/2 rounded" />
        </div>
      </div>
    </div>
  );
}

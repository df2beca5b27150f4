import { DEFAULT_TOKEN_IMAGE, type TStream } from '@mintcast/contracts';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveAudience } from '../../components/live-audience.ts';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { useFormat } from '../../lib/i18n/format.ts';

const rankTone = (rank: number): string =>
  rank === 1
    ? 'bg-amber-400/15 text-amber-400'
    : rank === 2
      ? 'bg-slate-300/15 text-slate-300'
      : rank === 3
        ? 'bg-orange-400/15 text-orange-400'
        : 'bg-surface-2 text-muted';

/** One row of the trending board: rank, image, name, symbol, market cap, Live/Offline, participants. */
export function TrendingRow({ stream, rank }: { stream: TStream; rank: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const live = stream.is_currently_live;
  return (
    <li>
      <Link
        to={`/livestream/${stream.mint}`}
        data-testid="trending-row"
        data-mint={stream.mint}
        data-live={live}
        className="grid h-[72px] grid-cols-[1.75rem_2.25rem_minmax(0,1fr)_auto] items-center gap-2.5 px-3 transition-colors hover:bg-surface-2 sm:grid-cols-[2.5rem_2.75rem_minmax(0,1fr)_8rem_6.5rem_6.5rem] sm:gap-4 sm:px-5"
      >
        <span
          className={`flex size-7 items-center justify-center rounded-lg text-sm font-bold tabular-nums sm:size-8 ${rankTone(rank)}`}
        >
          {rank}
        </span>
        <FallbackImage
          src={stream.image_uri}
          fallback={DEFAULT_TOKEN_IMAGE}
          width={44}
          height={44}
          loading="lazy"
          className="size-9 rounded-full bg-surface-2 object-cover ring-1 ring-border sm:size-11"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold">{stream.name}</p>
          <p className="truncate text-xs text-muted">
            ${stream.symbol}
            {live ? (
              <span data-testid="row-audience" className="text-fg/80">
                {' · '}
                {liveAudience(stream)}
              </span>
            ) : (
              <span className="sm:hidden">
                {' · '}
                {t('trending.participantsCount', {
                  count: stream.num_participants,
                  n: fmt.integer(stream.num_participants),
                })}
              </span>
            )}
          </p>
        </div>
        <div className="text-right sm:order-none">
          <p className="font-semibold tabular-nums" data-testid="market-cap">
            {fmt.usdCompact(stream.usd_market_cap)}
          </p>
          <p className="text-xs text-muted sm:hidden">
            <StatusPill live={live} />
          </p>
        </div>
        <div className="hidden justify-end sm:flex">
          <StatusPill live={live} />
        </div>
        <p className="hidden items-center justify-end gap-1.5 text-sm tabular-nums text-muted sm:flex">
          <Users className="size-4" aria-hidden />
          <span data-testid="participants">{fmt.integer(stream.num_participants)}</span>
        </p>
      </Link>
    </li>
  );
}

function StatusPill({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return live ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-live-strong px-2 py-0.5 text-xs font-semibold text-white">
      <span className="live-dot size-1.5 rounded-full bg-white" />
      {t('common.liveStatus')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
      <span className="size-1.5 rounded-full bg-muted/60" />
      {t('common.offline')}
    </span>
  );
}

/** Row placeholder of the same height. */
export function TrendingRowSkeleton() {
  return (
    <li aria-hidden className="flex h-[72px] items-center gap-3 px-3 sm:gap-4 sm:px-5">
      <div className="skeleton size-8 rounded-lg" />
      <div className="skeleton size-10 rounded-full sm:size-11" />
      <div className="flex-1 space-y-2">
        <div className="skeleton h-3.5 w-40 max-w-full rounded" />
        <div className="skeleton h-3 w-16 rounded" />
      </div>
      <div className="skeleton h-4 w-16 rounded" />
    </li>
  );
}

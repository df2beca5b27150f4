import { DEFAULT_TOKEN_IMAGE, type TSchedule } from '@mintcast/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { useFormat } from '../../lib/i18n/format.ts';
import { Countdown } from './countdown.tsx';

/** One upcoming broadcast in a row (home, a creator's page): live, it links straight to the stream playing. */
export function UpcomingCard({ schedule: s }: { schedule: TSchedule }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Link
      to={`/livestream/${s.mint}`}
      data-testid="upcoming-card"
      data-live={s.live}
      className="group flex h-full min-w-0 flex-col gap-3 rounded-2xl border border-border bg-surface p-4 transition hover:-translate-y-0.5 hover:border-brand/40 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <div className="flex min-w-0 items-center gap-3">
        <FallbackImage
          src={s.image_uri}
          fallback={DEFAULT_TOKEN_IMAGE}
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          className={`size-10 shrink-0 rounded-full bg-surface-2 object-cover ${s.live ? 'ring-2 ring-live' : 'ring-1 ring-border'}`}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg" title={s.name}>
            {s.name}
          </p>
          <p className="text-xs font-medium text-brand">${s.symbol}</p>
        </div>
        {s.live && <LiveBadge />}
      </div>
      <p className="line-clamp-2 font-semibold leading-snug break-words text-fg" title={s.title}>
        {s.title}
      </p>
      <div className="mt-auto flex items-end justify-between gap-3 border-t border-border pt-3">
        <time dateTime={s.starts_at} className="text-xs text-muted">
          {fmt.dateTime(new Date(s.starts_at))}
        </time>
        {s.live ? (
          <span className="text-xs font-semibold whitespace-nowrap text-fg">{t('schedule.liveNow')}</span>
        ) : (
          <Countdown startsAt={s.starts_at} size="sm" />
        )}
      </div>
    </Link>
  );
}

import { LayoutDashboard, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { useMyStreams } from '../../features/creator/use-my-streams.ts';

/** The profile's "My streams": each of the wallet's streams, with its page and its dashboard (issue 29). */
export function MyStreams() {
  const { t } = useTranslation();
  const { streams } = useMyStreams();
  return (
    <section
      aria-labelledby="my-streams-title"
      className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="my-streams-title" className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <Radio aria-hidden className="size-5 text-brand" />
        {t('profile.myStreams')}
      </h2>
      {streams.length === 0 ? (
        <p className="text-sm text-muted">{t('profile.noStreams')}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="my-streams">
          {streams.map((s) => (
            <li key={s.mint} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 truncate font-medium text-fg">
                  <span className="truncate">{s.name}</span>
                  {s.is_currently_live ? <LiveBadge /> : null}
                </p>
                <p className="text-xs text-muted">${s.symbol}</p>
              </div>
              <Link
                to={`/livestream/${s.mint}`}
                aria-label={t('profile.viewOf', { name: s.name })}
                className={buttonClass('secondary', 'sm')}
              >
                {t('profile.view')}
              </Link>
              <Link
                to={`/dashboard/${s.mint}`}
                aria-label={t('profile.dashboardOf', { name: s.name })}
                className={buttonClass('secondary', 'sm')}
              >
                <LayoutDashboard aria-hidden className="size-4" />
                {t('profile.dashboard')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

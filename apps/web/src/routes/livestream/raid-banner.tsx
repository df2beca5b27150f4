import { Rocket, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** What a raided page carries in its history entry (router state): who raided, with how many viewers. */
export interface RaidArrival {
  raid: { from: string; by: string; viewers: number };
}

const isRaidArrival = (state: unknown): state is RaidArrival => {
  const raid = (state as { raid?: Partial<RaidArrival['raid']> } | null)?.raid;
  return typeof raid?.by === 'string' && typeof raid.viewers === 'number' && typeof raid.from === 'string';
};

/**
 * "Raided by …": shown on the stream page a raid moved this viewer to, until dismissed or the page changes. The
 * raid arrives in the history entry's state and is taken out of it at once (browsers keep that state across a
 * reload), so a reload or a later visit to the stream does not show it again.
 */
export function RaidBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ path: string; raid: RaidArrival['raid'] } | null>(null);
  const state: unknown = location.state;
  const arriving = isRaidArrival(state) ? { path: location.pathname, raid: state.raid } : null;
  useEffect(() => {
    if (!arriving) return;
    setShown(arriving);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  });
  const current = arriving ?? shown;
  if (!current || current.path !== location.pathname) return null;
  const { by, viewers } = current.raid;
  return (
    <div
      role="status"
      data-testid="raid-banner"
      className="flex items-start gap-3 rounded-xl border border-brand/40 bg-brand/10 px-4 py-3"
    >
      <Rocket className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-fg">{t('raid.banner', { by, count: viewers })}</p>
        <p className="text-xs text-muted">{t('raid.bannerHint')}</p>
      </div>
      <button
        type="button"
        onClick={() => setShown(null)}
        className="shrink-0 rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg"
        aria-label={t('raid.dismiss')}
        title={t('raid.dismiss')}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

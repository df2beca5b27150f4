import { Rocket, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** A raid that moved this tab: who raided, with how many viewers, to which stream. */
export interface RaidArrival {
  from: string;
  to: string;
  by: string;
  viewers: number;
}

/**
 * The raid this tab arrived by, held in memory only: a reload or a new tab does not show the banner again, and
 * dismissing it clears it. Set by the raided page just before it moves (see `arriveByRaid`).
 */
let arrival: RaidArrival | null = null;
const listeners = new Set<() => void>();
const setArrival = (next: RaidArrival | null) => {
  arrival = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const noRaid = (): RaidArrival | null => null;

/** Record the raid before the page moves to its target. */
export const arriveByRaid = (raid: RaidArrival): void => setArrival(raid);

/** "Raided by …": shown on the stream page a raid moved this tab to, until dismissed. */
export function RaidBanner({ mint }: { mint: string }) {
  const { t } = useTranslation();
  // Pre-rendered pages (the server's HTML) never carry a raid: it lives in one tab's memory.
  const raid = useSyncExternalStore(subscribe, () => arrival, noRaid);
  if (!raid || raid.to !== mint.toLowerCase()) return null;
  return (
    <div
      role="status"
      data-testid="raid-banner"
      className="flex items-start gap-3 rounded-xl border border-brand/40 bg-brand/10 px-4 py-3"
    >
      <Rocket className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-fg">
          {t('raid.banner', { by: raid.by, count: raid.viewers })}
        </p>
        <p className="text-xs text-muted">{t('raid.bannerHint')}</p>
      </div>
      <button
        type="button"
        onClick={() => setArrival(null)}
        className="shrink-0 rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg"
        aria-label={t('raid.dismiss')}
        title={t('raid.dismiss')}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

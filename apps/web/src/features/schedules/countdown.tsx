import { useTranslation } from 'react-i18next';
import { useCountdown } from './use-countdown.ts';

/** The live countdown to a scheduled broadcast: `2 days 3:04:05`, then "Starting any moment" once it is time. */
export function Countdown({ startsAt, size = 'lg' }: { startsAt: string; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  const { days, clock, done } = useCountdown(Date.parse(startsAt));
  const big = size === 'lg';
  return (
    // A timer is not announced at each tick (its implicit aria-live is off); its label says what it counts.
    <div role="timer" aria-label={t('schedule.countdownLabel')} data-testid="schedule-countdown">
      {big && <p className="text-xs text-muted">{done ? '' : t('schedule.startsIn')}</p>}
      <p
        className={`font-mono font-bold whitespace-nowrap tabular-nums text-fg ${big ? 'text-2xl' : 'text-sm'}`}
      >
        {done ? (
          <span className={`font-sans ${big ? 'text-base' : 'text-xs'}`}>{t('schedule.startingSoon')}</span>
        ) : (
          <>
            {days > 0 && <span>{t('schedule.days', { count: days })} </span>}
            {clock}
          </>
        )}
      </p>
    </div>
  );
}

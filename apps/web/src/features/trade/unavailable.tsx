import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "Trading unavailable" with the reason (RPC down, wrong chain…), and a retry. */
export function TradingUnavailable({ reason, onRetry }: { reason: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="rounded-xl border border-warn/30 bg-warn/10 px-4 py-3 text-sm"
      data-testid="trading-unavailable"
    >
      <p className="flex items-center gap-2 font-semibold text-warn">
        <AlertTriangle className="size-4" aria-hidden />
        {t('trade.unavailable')}
      </p>
      <p className="mt-1 text-muted">{reason}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 text-sm font-semibold text-fg underline-offset-4 hover:underline"
        >
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

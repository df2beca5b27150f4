import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Inline failure message of spec §8 ("Failed to load streams", …) with an optional retry. */
export function InlineError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-down/30 bg-down/10 px-4 py-3 text-sm"
    >
      <span className="flex items-center gap-2 font-medium text-down">
        <AlertTriangle className="size-4" aria-hidden />
        {message}
      </span>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="font-semibold text-fg underline-offset-4 hover:underline"
        >
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button.ts';

/**
 * Router fallback for unexpected errors (spec §8). It replaces the whole shell, so it stands alone.
 * A failed lazy chunk (an old tab after a deploy) is the common cause: "Try Again" reloads.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    // Keep the cause visible to whoever opens the console; users only see the friendly text.
    console.warn('Route error:', error);
  }, [error]);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-bg p-6 text-center">
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="max-w-md text-muted">{t('routeError.text')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonClass('secondary', 'md')}
        >
          <RefreshCw className="size-4" aria-hidden />
          {t('common.tryAgain')}
        </button>
        <Link to="/" reloadDocument className={buttonClass('primary', 'md')}>
          {t('common.backToHome')}
        </Link>
      </div>
    </div>
  );
}

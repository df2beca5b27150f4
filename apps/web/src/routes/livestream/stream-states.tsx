import { AlertTriangle, Compass, House, RefreshCw, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** No (or a malformed) id in the URL. */
export function InvalidStream() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={SearchX} title={t('stream.invalidTitle')} text={t('stream.invalidText')}>
      <Link to="/explore" className={buttonClass('primary', 'md')}>
        <Compass className="size-4" aria-hidden />
        {t('home.exploreStreams')}
      </Link>
    </EmptyState>
  );
}

export function StreamNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={SearchX} title={t('stream.notFoundTitle')} text={t('stream.notFoundText')}>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/explore" className={buttonClass('primary', 'md')}>
          <Compass className="size-4" aria-hidden />
          {t('home.exploreStreams')}
        </Link>
        <Link to="/" className={buttonClass('secondary', 'md')}>
          <House className="size-4" aria-hidden />
          {t('stream.goHome')}
        </Link>
      </div>
    </EmptyState>
  );
}

export function StreamLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState icon={AlertTriangle} title={t('stream.loadFailedTitle')} text={t('stream.loadFailedText')}>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onRetry} className={buttonClass('primary', 'md')}>
          <RefreshCw className="size-4" aria-hidden />
          {t('common.tryAgain')}
        </button>
        <Link to="/" className={buttonClass('secondary', 'md')}>
          <House className="size-4" aria-hidden />
          {t('common.returnHome')}
        </Link>
      </div>
    </EmptyState>
  );
}

/** Page skeleton: same grid and boxes as the loaded page, so nothing jumps when data arrives. */
export function StreamPageSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <div className="skeleton size-10 rounded-lg" />
        <div className="flex-1">
          <div className="skeleton h-7 w-56 rounded" />
          <div className="skeleton mt-1.5 h-4 w-20 rounded" />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-5">
          <div className="skeleton aspect-video w-full rounded-2xl" />
          <div className="skeleton h-40 rounded-2xl" />
        </div>
        <div className="skeleton min-h-[420px] rounded-2xl" />
      </div>
    </div>
  );
}

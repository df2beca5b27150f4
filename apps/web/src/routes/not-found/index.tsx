import { House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';

/** Any unknown path (spec §2). */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <p className="bg-gradient-to-b from-fg to-muted/40 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 max-w-sm text-muted">{t('notFound.text')}</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        <House className="size-5" aria-hidden />
        {t('common.backToHome')}
      </Link>
    </div>
  );
}

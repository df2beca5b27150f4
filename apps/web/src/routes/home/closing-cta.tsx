import { BookOpen, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';

/** Closing call to action of the home page (spec §2). */
export function ClosingCta() {
  const { t } = useTranslation();
  return (
    <section className="below-fold relative overflow-hidden [--below-fold-size:300px] rounded-3xl border border-brand/25 bg-gradient-to-br from-brand/15 via-surface to-surface px-6 py-10 text-center sm:py-12">
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('home.readyTitle')}</h2>
      <p className="mt-2 text-muted">{t('home.readyText')}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 min-[420px]:flex-row">
        <Link to="/start-streaming" className={buttonClass('primary', 'lg')}>
          <Radio className="size-5" aria-hidden />
          {t('common.startStreaming')}
        </Link>
        <Link to="/how-to-stream" className={buttonClass('secondary', 'lg')}>
          <BookOpen className="size-5" aria-hidden />
          {t('common.howToStream')}
        </Link>
      </div>
    </section>
  );
}

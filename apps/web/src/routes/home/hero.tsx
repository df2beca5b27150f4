import { Compass, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchForm } from '../../components/search-form.tsx';
import { buttonClass } from '../../components/ui/button.ts';

/** Home hero (spec §2): title, tagline, create-stream button, "Explore Streams" and the search box. */
export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden rounded-3xl border border-border bg-surface px-5 py-10 sm:px-10 sm:py-14">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_80%_at_85%_0%,color-mix(in_oklab,var(--color-brand),transparent_82%),transparent_70%),radial-gradient(50%_60%_at_0%_100%,color-mix(in_oklab,var(--color-live),transparent_88%),transparent_70%)]"
      />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center text-center">
        <span className="mb-4 inline-flex items-center gap-2 rounded-full border border-border bg-surface-2/80 px-3 py-1 text-xs font-medium text-muted">
          <span className="live-dot size-1.5 rounded-full bg-live" />
          {t('home.chain')}
        </span>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
          {t('home.titleStart')}{' '}
          <span className="bg-gradient-to-r from-brand to-emerald-300 bg-clip-text text-transparent">
            {t('home.titleEnd')}
          </span>
        </h1>
        <p className="mt-4 max-w-xl text-base text-muted sm:text-lg">{t('home.tagline')}</p>
        <div className="mt-7 flex w-full flex-col justify-center gap-3 min-[420px]:w-auto min-[420px]:flex-row">
          <Link to="/start-streaming" className={buttonClass('primary', 'lg')}>
            <Radio className="size-5" aria-hidden />
            {t('common.startStreaming')}
          </Link>
          <Link to="/explore" className={buttonClass('secondary', 'lg')}>
            <Compass className="size-5" aria-hidden />
            {t('home.exploreStreams')}
          </Link>
        </div>
        <div className="mt-8 w-full max-w-2xl">
          <SearchForm placeholder={t('shell.searchPlaceholder')} label={t('home.searchLabel')} size="lg" />
        </div>
      </div>
    </section>
  );
}

import { ChevronDown, Clapperboard, Layers, Lightbulb, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { FAQ, FEATURES, OBS_SETTINGS, OVERLAY_STEPS, STEPS, TIPS } from './content.ts';

/** Route `/how-to-stream`: the static streaming guide. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl space-y-12">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('howTo.title')}</h1>
        <p className="mx-auto mt-3 max-w-xl text-muted">{t('howTo.subtitle')}</p>
      </header>

      <section aria-label={t('howTo.stepsLabel')}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ key, icon: Icon }, i) => (
            <li key={key} className="relative rounded-2xl border border-border bg-surface p-5">
              <div className="mb-4 flex items-center justify-between">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand/15 text-brand">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="text-3xl font-black text-border">{i + 1}</span>
              </div>
              <h2 className="font-semibold">
                <span className="sr-only">{t('howTo.stepN', { n: i + 1 })}</span>
                {t(`howTo.steps.${key}.title`)}
              </h2>
              <p className="mt-1.5 text-sm leading-relaxed text-muted">{t(`howTo.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="features">
        <h2 id="features" className="mb-4 text-xl font-bold">
          {t('howTo.featuresTitle')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map(({ key, icon: Icon }) => (
            <div key={key} className="flex gap-4 rounded-2xl border border-border bg-surface p-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-brand">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{t(`howTo.features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted">{t(`howTo.features.${key}.text`)}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="obs" className="rounded-2xl border border-border bg-surface p-6">
        <h2 id="obs" className="mb-2 flex items-center gap-2 text-xl font-bold">
          <Clapperboard className="size-5 text-brand" aria-hidden />
          {t('howTo.obs.title')}
        </h2>
        <p className="text-sm leading-relaxed text-muted">{t('howTo.obs.intro')}</p>
        <dl className="mt-4 divide-y divide-border overflow-hidden rounded-xl border border-border">
          {OBS_SETTINGS.map((key) => (
            <div key={key} className="grid gap-1 bg-surface-2/50 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
              <dt className="text-sm font-semibold text-fg">{t(`howTo.obs.settings.${key}.label`)}</dt>
              <dd className="text-sm text-fg/90">{t(`howTo.obs.settings.${key}.value`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm leading-relaxed text-muted">{t('howTo.obs.outro')}</p>
      </section>

      <section aria-labelledby="overlays" className="rounded-2xl border border-border bg-surface p-6">
        <h2 id="overlays" className="mb-2 flex items-center gap-2 text-xl font-bold">
          <Layers className="size-5 text-brand" aria-hidden />
          {t('overlays.guide.title')}
        </h2>
        <p className="text-sm leading-relaxed text-muted">{t('overlays.guide.intro')}</p>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm text-fg/90">
          {OVERLAY_STEPS.map((key) => (
            <li key={key}>{t(`overlays.guide.steps.${key}`)}</li>
          ))}
        </ol>
        <p className="mt-4 text-sm leading-relaxed text-muted">{t('overlays.guide.outro')}</p>
      </section>

      <section aria-labelledby="tips" className="rounded-2xl border border-warn/25 bg-warn/5 p-6">
        <h2 id="tips" className="mb-4 flex items-center gap-2 text-xl font-bold">
          <Lightbulb className="size-5 text-warn" aria-hidden />
          {t('howTo.tipsTitle')}
        </h2>
        <ul className="space-y-2.5">
          {TIPS.map((tip) => (
            <li key={tip} className="flex gap-3 text-sm">
              <span className="mt-2 size-1.5 shrink-0 rounded-full bg-warn" aria-hidden />
              <span className="text-fg/90">{t(`howTo.tips.${tip}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq">
        <h2 id="faq" className="mb-4 text-xl font-bold">
          {t('howTo.faqTitle')}
        </h2>
        <div className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
          {FAQ.map((key) => (
            <details key={key} className="group" open>
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-surface-2 [&::-webkit-details-marker]:hidden">
                {t(`howTo.faq.${key}.q`)}
                <ChevronDown
                  className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <p className="px-5 pb-5 text-sm leading-relaxed text-muted">{t(`howTo.faq.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </section>

      <div className="text-center">
        <Link to="/start-streaming" className={buttonClass('primary', 'lg')}>
          <Radio className="size-5" aria-hidden />
          {t('common.startStreaming')}
        </Link>
      </div>
    </div>
  );
}

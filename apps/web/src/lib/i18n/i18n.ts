import '../zod-jitless.ts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { settingsStore, type TLanguage } from '../settings.ts';
import { effectiveLanguage } from './browser-language.ts';
import { en } from './locales/en/index.ts';

/**
 * The site's one i18next instance (decision 014). English ships in the entry chunk; Spanish and French are
 * separate chunks fetched the first time they are needed. The language follows Settings, else the browser.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'es', 'fr'],
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false }, // React escapes already
  react: { useSuspense: false },
  initAsync: false,
});

const loaders: Record<Exclude<TLanguage, 'en'>, () => Promise<{ default: object }>> = {
  es: () => import('./locales/es/index.ts'),
  fr: () => import('./locales/fr/index.ts'),
};

const siteTitles = new Set<string>([en.shell.siteTitle]);

/** Load `language`'s catalog if needed, then switch to it (and set `<html lang>` to match the text). */
export const switchLanguage = async (language: TLanguage): Promise<void> => {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const catalog = (await loaders[language]()).default;
    i18n.addResourceBundle(language, 'translation', catalog);
  }
  // A later choice may have won while this one loaded.
  if (effectiveLanguage(settingsStore.get().language) !== language) return;
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    // The page's own default title follows too (a stream page sets its own <title>).
    if (siteTitles.has(document.title)) document.title = i18n.t('shell.siteTitle');
    siteTitles.add(i18n.t('shell.siteTitle'));
  }
};

/** Resolves once the language to show at start-up is loaded (main.tsx renders after it, so no English flash). */
export const i18nReady: Promise<void> = switchLanguage(effectiveLanguage(settingsStore.get().language));

let last = effectiveLanguage(settingsStore.get().language);
settingsStore.subscribe(() => {
  const next = effectiveLanguage(settingsStore.get().language);
  if (next === last) return;
  last = next;
  void switchLanguage(next);
});

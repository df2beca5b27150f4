import { LANGUAGES, type TLanguage } from '../settings.ts';

/**
 * The first of the browser's preferred languages that the site speaks (`es-MX` → `es`), else English.
 * Used while the visitor has not picked a language in Settings.
 */
export const pickBrowserLanguage = (preferred: readonly string[]): TLanguage => {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(base ?? '')) return base as TLanguage;
  }
  return 'en';
};

/** The language to show: the Settings choice, else the browser's. */
export const effectiveLanguage = (choice: TLanguage | null): TLanguage =>
  choice ??
  pickBrowserLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

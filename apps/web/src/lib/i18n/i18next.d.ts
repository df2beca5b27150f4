import 'i18next';
import type { TCatalog } from './locales/en/index.ts';

// Typed keys: `t('shell.nav.home')` is checked against the English catalog at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TCatalog };
  }
}

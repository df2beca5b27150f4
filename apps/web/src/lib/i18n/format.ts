import {
  formatCompact,
  formatCount,
  formatInteger,
  formatMarketCapWhole,
  formatPercentChange,
  formatPrice,
  formatUsdCompact,
} from '@mintcast/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n.ts';

/** The `Intl` locale of a site language: US English keeps the spec's own formatting. */
export const intlLocale = (language: string): string => (language === 'en' ? 'en-US' : language);

/** The spec's figure formats (K/M/B, decimals) in the current language, e.g. for a toast. */
export const formatters = (language: string = i18n.language) => {
  const locale = intlLocale(language);
  return {
    price: (n: number) => formatPrice(n, locale),
    compact: (n: number) => formatCompact(n, locale),
    usdCompact: (n: number) => formatUsdCompact(n, locale),
    marketCap: (n: number) => formatMarketCapWhole(n, locale),
    percent: (n: number) => formatPercentChange(n, locale),
    integer: (n: number) => formatInteger(n, locale),
    /** Exact below 1,000, compact above (likes, followers). */
    count: (n: number) => formatCount(n, locale),
    time: (d: Date) => d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }),
    /** "Mar 4, 14:05" style: day, short month and time. */
    dateTime: (d: Date) =>
      d.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
    /** Short date and time, for logs ("3/4/26, 2:05 PM"). */
    shortDateTime: (d: Date) => d.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }),
    /** Medium date and time ("Mar 4, 2026, 2:05 PM"). */
    mediumDateTime: (d: Date) => d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    /** Up to `digits` decimals, e.g. BNB amounts. */
    decimal: (n: number, digits = 4) => n.toLocaleString(locale, { maximumFractionDigits: digits }),
  };
};

/** `formatters` that re-render with the language. */
export const useFormat = () => formatters(useTranslation().i18n.language);

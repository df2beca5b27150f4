import {
  formatBitrate,
  formatCompact,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatMarketCapWhole,
  formatPercent,
  formatPercentChange,
  formatPrice,
  formatTime,
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
    /** A measured percentage (packet loss, price impact): `2.5%`, `2,5 %`. */
    measured: (n: number, digits = 1) => formatPercent(n, locale, digits),
    time: (d: Date) => formatTime(d, locale),
    /** The site's one date-and-time format (contracts' formatDateTime). */
    dateTime: (d: Date) => formatDateTime(d, locale),
    date: (d: Date) => formatDate(d, locale),
    /** Up to `digits` decimals, e.g. BNB amounts and tip presets. */
    decimal: (n: number, digits = 4) => formatDecimal(n, locale, digits),
    bitrate: (kbps: number) => formatBitrate(kbps, locale),
  };
};

/** `formatters` that re-render with the language. */
export const useFormat = () => formatters(useTranslation().i18n.language);

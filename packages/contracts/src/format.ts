/** Number and price formatting of spec §5, shared by web and tests. */

/** Parse a figure from upstream; anything that cannot be parsed becomes 0 (spec §5). */
export const toNumber = (value: unknown): number => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
};

/** BCP 47 tag for `Intl`; every helper defaults to US English, the spec's own formatting. */
const DEFAULT_LOCALE = 'en-US';

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Cached `Intl.NumberFormat` (building one is far slower than using it, and grids format many cards). */
const nf = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
};

/** `digits` decimals exactly, the locale's decimal mark, no grouping (prices read as one figure). */
const fixed = (n: number, digits: number, locale: string) =>
  nf(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(n);

/**
 * USD with the locale's symbol placement (`$1.23` in English, `1,23 $` in French) and an optional unit
 * written right after the digits (`$1.23M`, `1,23M $`).
 */
const usd = (n: number, digits: number, locale: string, unit = '', useGrouping = false) =>
  nf(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping,
  })
    .formatToParts(n)
    .map((p, i, parts) => {
      const lastDigit = parts.findLastIndex((q) => q.type === 'integer' || q.type === 'fraction');
      return i === lastDigit ? p.value + unit : p.value;
    })
    .join('');

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';
/** `6` → `₆`: the count of zeros in a tiny price, written the way trading sites write it. */
const subscript = (n: number): string =>
  String(n)
    .split('')
    .map((d) => SUBSCRIPT_DIGITS[Number(d)])
    .join('');

/**
 * A price below 1e-6 as trading sites show it: the zeros after the decimal mark counted in a subscript and
 * up to 4 significant digits, `$0.0₆32` for 0.00000032 (`0,0₆32 $` in French). Null when the price, rounded
 * to 4 significant digits, is 1e-6 or more (the plain decimals then show it).
 */
const subscriptPrice = (price: number, locale: string): string | null => {
  const [mantissa = '0', exponent = '0'] = Math.abs(price).toExponential(3).split('e');
  const exp = Number(exponent);
  if (exp >= -6) return null;
  const digits = mantissa.replace('.', '').replace(/0+$/, '');
  // The locale's "$0.0" (its decimal mark and symbol place), with the counted zeros and digits after it.
  const text = usd(0, 1, locale).replace(
    /0([^0-9]+)0/,
    (_m, mark: string) => `0${mark}0${subscript(-exp - 1)}${digits}`,
  );
  return price < 0 ? `-${text}` : text;
};

/**
 * Price: 4 decimals from 1, 6 below 1, 8 below 0.01, and below 1e-6 the zeros counted in a subscript
 * (`$0.0₆32`), never exponent notation. In US English: `$0.00421500`, `$0.0₆123`.
 */
export const formatPrice = (price: number, locale = DEFAULT_LOCALE): string => {
  const abs = Math.abs(price);
  if (!Number.isFinite(price) || abs === 0) return usd(0, 4, locale);
  if (abs < 1e-6) {
    const tiny = subscriptPrice(price, locale);
    if (tiny) return tiny;
  }
  return usd(price, abs < 0.01 ? 8 : abs < 1 ? 6 : 4, locale);
};

const UNITS: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** The unit of spec §5 for `value` and the figure to show with it. */
const compactParts = (value: number): [number, string] => {
  const shown = (n: number) => Math.abs(Number(n.toFixed(2)));
  let idx = UNITS.findIndex(([size]) => Math.abs(value) >= size);
  if (idx === -1) idx = shown(value) >= 1000 ? UNITS.length - 1 : -1;
  else if (idx > 0 && shown(value / UNITS[idx]![0]) >= 1000) idx -= 1;
  const unit = UNITS[idx];
  return unit ? [value / unit[0], unit[1]] : [value, ''];
};

/**
 * Large numbers as K, M or B with 2 decimals (spec §5); smaller ones with 2 decimals. A value that rounds
 * up to 1000 of a unit moves to the next one (999,999 → 1.00M, not 1000.00K).
 */
export const formatCompact = (value: number, locale = DEFAULT_LOCALE): string => {
  if (!Number.isFinite(value)) return fixed(0, 2, locale);
  const [n, unit] = compactParts(value);
  return fixed(n, 2, locale) + unit;
};

/** A USD figure in compact form: `$1.23M` (`1,23M $` in French). */
export const formatUsdCompact = (value: number, locale = DEFAULT_LOCALE): string => {
  const [n, unit] = compactParts(Number.isFinite(value) ? value : 0);
  return usd(n, 2, locale, unit);
};

/** Card market cap: whole-dollar USD (spec §2, §5): `$4,215,001`. */
export const formatMarketCapWhole = (value: number, locale = DEFAULT_LOCALE): string =>
  usd(Number.isFinite(value) ? value : 0, 0, locale, '', true);

/** A whole count with the locale's grouping: `12,345` (`12 345` in French). */
export const formatInteger = (value: number, locale = DEFAULT_LOCALE): string => nf(locale, {}).format(value);

/** A count that stays exact below 1,000 and is compact above: "7", "1.2K" ("1,2 k" in French). */
export const formatCount = (value: number, locale = DEFAULT_LOCALE): string =>
  nf(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

/** 24h change with sign and 2 decimals: `+18.42%` (`+18,42 %` in French). */
export const formatPercentChange = (value: number, locale = DEFAULT_LOCALE): string =>
  nf(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format((Number.isFinite(value) ? value : 0) / 100);

/** Up to `digits` decimals with the locale's marks, e.g. BNB amounts and tip presets: `0.05` (`0,05`). */
export const formatDecimal = (value: number, locale = DEFAULT_LOCALE, digits = 4): string =>
  nf(locale, { maximumFractionDigits: digits }).format(Number.isFinite(value) ? value : 0);

/** An upload rate in megabits per second with 2 decimals: `2.50 Mb/s` (`2,50 Mb/s` in French). */
export const formatBitrate = (kbps: number, locale = DEFAULT_LOCALE): string =>
  `${fixed((Number.isFinite(kbps) ? kbps : 0) / 1000, 2, locale)} Mb/s`;

/** A percentage as measured, up to `digits` decimals: `2.5%` (`2,5 %` in French). */
export const formatPercent = (value: number, locale = DEFAULT_LOCALE, digits = 1): string =>
  nf(locale, { style: 'percent', maximumFractionDigits: digits }).format(
    (Number.isFinite(value) ? value : 0) / 100,
  );

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const df = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, f);
  }
  return f;
};

/**
 * The site's one date-and-time format, wherever a date is shown (admin lists and reports, timeouts): the
 * locale's medium date and short time, `Mar 4, 2026, 2:05 PM` (`4 mars 2026, 14:05` in French).
 */
export const formatDateTime = (date: Date, locale = DEFAULT_LOCALE, timeZone?: string): string =>
  df(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);

/** A date without the time, same style: `Mar 4, 2026` (`4 mars 2026`). */
export const formatDate = (date: Date, locale = DEFAULT_LOCALE, timeZone?: string): string =>
  df(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);

/** A time of day (chat messages): `02:05 PM` (`14:05`). */
export const formatTime = (date: Date, locale = DEFAULT_LOCALE, timeZone?: string): string =>
  df(locale, { hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(date);

/** Elapsed broadcast time: m:ss, or h:mm:ss past one hour (spec §2). */
export const formatElapsed = (totalSeconds: number): string => {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

/** How long a stream has been live, for cards: `<1m`, `12m`, `1h 5m` (days count as hours: `26h 0m`). */
export const formatLiveFor = (totalSeconds: number): string => {
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  if (minutes < 1) return '<1m';
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h}h ${minutes % 60}m` : `${minutes}m`;
};

/** Number and price formatting of spec §5, shared by web and tests. */

/** Parse a figure from upstream; anything that cannot be parsed becomes 0 (spec §5). */
export const toNumber = (value: unknown): number => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
};

/**
 * Price: exponent notation below 1e-6; 8 decimals below 0.01; 6 decimals below 1; otherwise 4.
 * Returns the number text with a leading `$`.
 */
export const formatPrice = (price: number): string => {
  if (!Number.isFinite(price)) return '$0.0000';
  const abs = Math.abs(price);
  if (abs === 0) return '$0.0000';
  if (abs < 1e-6) return `$${price.toExponential(2)}`;
  if (abs < 0.01) return `$${price.toFixed(8)}`;
  if (abs < 1) return `$${price.toFixed(6)}`;
  return `$${price.toFixed(4)}`;
};

const UNITS: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * Large numbers as K, M or B with 2 decimals (spec §5); smaller ones with 2 decimals. A value that rounds
 * up to 1000 of a unit moves to the next one (999,999 → 1.00M, not 1000.00K).
 */
export const formatCompact = (value: number): string => {
  if (!Number.isFinite(value)) return '0.00';
  const shown = (n: number) => Math.abs(Number(n.toFixed(2)));
  let idx = UNITS.findIndex(([size]) => Math.abs(value) >= size);
  if (idx === -1) idx = shown(value) >= 1000 ? UNITS.length - 1 : -1;
  else if (idx > 0 && shown(value / UNITS[idx]![0]) >= 1000) idx -= 1;
  const unit = UNITS[idx];
  return unit ? `${(value / unit[0]).toFixed(2)}${unit[1]}` : value.toFixed(2);
};

/** A USD figure in compact form: `$1.23M`. */
export const formatUsdCompact = (value: number): string => {
  const text = formatCompact(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
};

const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Card market cap: whole-dollar USD (spec §2, §5). */
export const formatMarketCapWhole = (value: number): string =>
  wholeUsd.format(Number.isFinite(value) ? value : 0);

/** 24h change with sign and 2 decimals: `+18.42%`. */
export const formatPercentChange = (value: number): string => {
  const v = Number.isFinite(value) ? value : 0;
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;
};

/** Elapsed broadcast time: m:ss, or h:mm:ss past one hour (spec §2). */
export const formatElapsed = (totalSeconds: number): string => {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

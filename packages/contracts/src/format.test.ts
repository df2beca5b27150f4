import { describe, expect, it } from 'vitest';
import {
  formatBitrate,
  formatCompact,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatElapsed,
  formatInteger,
  formatMarketCapWhole,
  formatPercent,
  formatPercentChange,
  formatPrice,
  formatTime,
  formatUsdCompact,
  toNumber,
} from './format.ts';

describe('formatPrice (spec §5)', () => {
  it('counts the zeros in a subscript below 1e-6, never exponent notation (issue 29)', () => {
    expect(formatPrice(3.2e-7)).toBe('$0.0₆32');
    expect(formatPrice(0.000000123)).toBe('$0.0₆123');
    expect(formatPrice(9.99e-7)).toBe('$0.0₆999');
    expect(formatPrice(3.21549e-10)).toBe('$0.0₉3215');
    expect(formatPrice(1.5e-15)).toBe('$0.0₁₄15');
    // Rounding to 4 significant digits that reaches 1e-6 shows the plain 8 decimals.
    expect(formatPrice(9.99996e-7)).toBe('$0.00000100');
    for (const p of [1e-7, 4.2e-9, 1e-18]) expect(formatPrice(p)).not.toMatch(/e/);
  });
  it('uses 8 decimals from 1e-6 up to 0.01', () => {
    expect(formatPrice(0.000001)).toBe('$0.00000100');
    expect(formatPrice(0.004215)).toBe('$0.00421500');
    expect(formatPrice(0.00999999)).toBe('$0.00999999');
  });
  it('uses 6 decimals from 0.01 up to 1', () => {
    expect(formatPrice(0.01)).toBe('$0.010000');
    expect(formatPrice(0.5)).toBe('$0.500000');
  });
  it('uses 4 decimals from 1', () => {
    expect(formatPrice(1)).toBe('$1.0000');
    expect(formatPrice(612.34567)).toBe('$612.3457');
  });
  it('shows 0 and garbage as zero', () => {
    expect(formatPrice(0)).toBe('$0.0000');
    expect(formatPrice(Number.NaN)).toBe('$0.0000');
  });
});

describe('large numbers as K, M, B with 2 decimals', () => {
  it.each([
    [999.5, '999.50'],
    [1_000, '1.00K'],
    [412_350.18, '412.35K'],
    [999_999, '1.00M'],
    [999.999, '1.00K'],
    [-1_500, '-1.50K'],
    [1_000_000, '1.00M'],
    [1_284_533.72, '1.28M'],
    [1_000_000_000, '1.00B'],
    [42_500_000_000, '42.50B'],
  ])('%d → %s', (value, text) => {
    expect(formatCompact(value)).toBe(text);
  });
  it('prefixes USD figures, keeping the sign in front', () => {
    expect(formatUsdCompact(4_250_000)).toBe('$4.25M');
    expect(formatUsdCompact(-2_500)).toBe('-$2.50K');
  });
});

describe('other figures', () => {
  it('card market cap is whole-dollar USD', () => {
    expect(formatMarketCapWhole(4_215_000.6)).toBe('$4,215,001');
    expect(formatMarketCapWhole(0)).toBe('$0');
  });
  it('likes and followers are exact below 1,000 and compact above, in the locale', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_234)).toBe('1.2K');
    expect(formatCount(1_234, 'fr')).toMatch(/^1,2\sk$/); // a no-break space, as ICU has it
  });
  it('24h change has a sign and 2 decimals', () => {
    expect(formatPercentChange(18.421)).toBe('+18.42%');
    expect(formatPercentChange(-2.3)).toBe('-2.30%');
    expect(formatPercentChange(0)).toBe('0.00%');
  });
  it('elapsed time is m:ss, then h:mm:ss past one hour', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65)).toBe('1:05');
    expect(formatElapsed(3599)).toBe('59:59');
    expect(formatElapsed(3600)).toBe('1:00:00');
    expect(formatElapsed(3 * 3600 + 7 * 60 + 9)).toBe('3:07:09');
  });
  it('figures that cannot be parsed become 0', () => {
    expect(toNumber('0.004215')).toBe(0.004215);
    expect(toNumber(12)).toBe(12);
    expect(toNumber('n/a')).toBe(0);
    expect(toNumber(undefined)).toBe(0);
    expect(toNumber(null)).toBe(0);
    expect(toNumber(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('the same rules in Spanish and French', () => {
  it('uses the locale decimal mark, grouping and symbol place, keeping K/M/B and the decimals', () => {
    expect(formatPrice(0.004215, 'es')).toBe('0,00421500\u00a0$');
    expect(formatPrice(0.000000123, 'fr')).toBe('0,0₆123\u00a0$');
    expect(formatPrice(3.2e-7, 'es')).toBe('0,0₆32\u00a0$');
    expect(formatCompact(412_350.18, 'fr')).toBe('412,35K');
    expect(formatUsdCompact(4_250_000, 'es')).toBe('4,25M\u00a0$');
    expect(formatUsdCompact(-2_500, 'fr')).toBe('-2,50K\u00a0$');
    expect(formatMarketCapWhole(4_215_000.6, 'fr')).toBe('4\u202f215\u202f001\u00a0$');
    expect(formatPercentChange(18.421, 'es')).toBe('+18,42\u00a0%');
    expect(formatPercentChange(0, 'fr')).toBe('0,00\u00a0%');
    expect(formatInteger(12_345)).toBe('12,345');
    expect(formatInteger(12_345, 'fr')).toBe('12\u202f345');
  });
});

describe('one number and date format per locale (issue 29)', () => {
  const at = new Date(Date.UTC(2026, 2, 4, 14, 5));
  it('dates and times', () => {
    // The space before PM is a narrow no-break space in newer ICU versions, a plain one in older ones.
    expect(formatDateTime(at, 'en-US', 'UTC')).toMatch(/^Mar 4, 2026, 2:05\sPM$/);
    expect(formatDateTime(at, 'fr', 'UTC')).toBe('4 mars 2026, 14:05');
    expect(formatDateTime(at, 'es', 'UTC')).toBe('4 mar 2026, 14:05');
    expect(formatDate(at, 'fr', 'UTC')).toBe('4 mars 2026');
    expect(formatTime(at, 'en-US', 'UTC')).toMatch(/^02:05\sPM$/);
    expect(formatTime(at, 'fr', 'UTC')).toBe('14:05');
  });
  it('bitrate, decimals (tip presets, BNB) and measured percentages', () => {
    expect(formatBitrate(2_500)).toBe('2.50 Mb/s');
    expect(formatBitrate(2_500, 'fr')).toBe('2,50 Mb/s');
    expect(formatDecimal(0.05)).toBe('0.05');
    expect(formatDecimal(0.05, 'es')).toBe('0,05');
    expect(formatDecimal(1.234567, 'fr')).toBe('1,2346');
    expect(formatPercent(2.5)).toBe('2.5%');
    expect(formatPercent(2.5, 'fr')).toBe('2,5\u00a0%');
    expect(formatPercent(1.2345, 'en-US', 2)).toBe('1.23%');
  });
});

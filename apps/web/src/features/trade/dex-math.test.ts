import { describe, expect, it } from 'vitest';
import { minimumReceived, parseSlippage, priceImpactPercent, withGasMargin } from './dex-math.ts';

describe('dex math', () => {
  it('takes the slippage off the quote', () => {
    expect(minimumReceived(1_000_000n, 1)).toBe(990_000n);
    expect(minimumReceived(1_000_000n, 0.5)).toBe(995_000n);
    expect(minimumReceived(1_000_000n, 50)).toBe(500_000n);
  });

  it('measures price impact against the pool mid price', () => {
    // 1 in a 100:100 pool with no fee gives 100/101 ≈ 0.990099 out: ~0.99 % impact.
    expect(
      priceImpactPercent(10n ** 18n, 990_099_009_900_990_099n, 100n * 10n ** 18n, 100n * 10n ** 18n),
    ).toBeCloseTo(0.99, 2);
    expect(priceImpactPercent(0n, 0n, 1n, 1n)).toBe(0);
  });

  it('accepts slippage in (0, 50] only', () => {
    expect(parseSlippage('1')).toBe(1);
    expect(parseSlippage('0,5')).toBe(0.5);
    for (const bad of ['0', '-1', '50.1', 'abc', '']) expect(parseSlippage(bad)).toBeNull();
  });

  it('adds a 30 % gas margin', () => {
    expect(withGasMargin(100_000n)).toBe(130_000n);
  });
});

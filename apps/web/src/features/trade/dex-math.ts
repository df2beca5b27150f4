/** Pure Uniswap V2 / PancakeSwap V2 arithmetic for the trade panel (amounts in base units). */

export const SLIPPAGE_DEFAULT_PERCENT = 1;
export const SLIPPAGE_MAX_PERCENT = 50;
/** Seconds a swap stays valid after the wallet signs it. */
export const SWAP_DEADLINE_SECONDS = 20 * 60;
/** anvil and some nodes estimate too little for WBNB's 2300-gas transfer inside a sell: wallets add a margin. */
export const GAS_MARGIN_PERCENT = 30;

/** The least the swap may return: `quoted` less the slippage (in basis points, rounded down). */
export const minimumReceived = (quoted: bigint, slippagePercent: number): bigint => {
  const bps = BigInt(Math.round(slippagePercent * 100));
  return (quoted * (10_000n - bps)) / 10_000n;
};

/**
 * How much worse than the pool's mid price this trade executes, in percent (the pool fee included, as
 * PancakeSwap shows it): 1 − (out × reserveIn) / (in × reserveOut).
 */
export const priceImpactPercent = (
  amountIn: bigint,
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
): number => {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0;
  const ratio = (amountOut * reserveIn * 1_000_000n) / (amountIn * reserveOut);
  return Math.max(0, (1_000_000 - Number(ratio)) / 10_000);
};

/** A slippage the user typed, or null when it is not a number in (0, 50]. */
export const parseSlippage = (text: string): number | null => {
  const v = Number(text.trim().replace(',', '.'));
  return Number.isFinite(v) && v > 0 && v <= SLIPPAGE_MAX_PERCENT ? v : null;
};

export const withGasMargin = (gas: bigint): bigint => (gas * BigInt(100 + GAS_MARGIN_PERCENT)) / 100n;

export const deadlineFrom = (nowMs: number): bigint =>
  BigInt(Math.floor(nowMs / 1000) + SWAP_DEADLINE_SECONDS);

/** A base-unit amount as text with at most `fraction` decimals (rounded down), grouped for reading. */
export const formatAmount = (value: bigint, decimals: number, fraction = 6): string => {
  const base = 10n ** BigInt(decimals);
  const whole = value / base;
  const cut = decimals > fraction ? 10n ** BigInt(decimals - fraction) : 1n;
  const frac = ((value % base) / cut)
    .toString()
    .padStart(Math.min(decimals, fraction), '0')
    .replace(/0+$/, '');
  return `${whole.toLocaleString('en-US')}${frac ? `.${frac}` : ''}`;
};

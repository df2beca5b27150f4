import { parseEther } from 'viem';

/** Why a typed tip amount cannot be sent, or the amount in wei. */
export type TipAmount =
  | { ok: true; wei: bigint }
  | { ok: false; reason: 'empty' | 'invalid' | 'zero' | 'precision' | 'notEnough' };

/** BNB has 18 decimals: anything finer is not an amount the chain can carry. */
const BNB_DECIMALS = 18;

/**
 * Reads the tip amount field (a comma is taken as the decimal point, as several locales type it) and checks it
 * against the wallet's balance (null while unknown) before the wallet opens: a tip it cannot pay is refused
 * here with the trade panel's "Not enough BNB", not by the wallet.
 */
export const checkTipAmount = (text: string, balanceWei: bigint | null): TipAmount => {
  const typed = text.trim().replace(',', '.');
  if (typed === '') return { ok: false, reason: 'empty' };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(typed)) return { ok: false, reason: 'invalid' };
  if ((typed.split('.')[1] ?? '').length > BNB_DECIMALS) return { ok: false, reason: 'precision' };
  const wei = parseEther(typed);
  if (wei === 0n) return { ok: false, reason: 'zero' };
  if (balanceWei !== null && wei > balanceWei) return { ok: false, reason: 'notEnough' };
  return { ok: true, wei };
};

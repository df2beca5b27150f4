import { z } from 'zod';
import { format, ZText } from './text.ts';

/**
 * Holder-aware chat (issue 34 item 4, decision 030): badges by tier of the wallet's balance of the stream's token,
 * and two chat modes, holders only and slow mode for non-holders only.
 */

/** Most tiers a creator may set (none by default: a holder's badge then just says "Holder"). */
export const HOLDER_TIERS_MAX = 3;
/** Longest tier name, shown as the badge next to an author's name. */
export const HOLDER_TIER_NAME_MAX = 20;
/** Longest slow mode for non-holders (seconds between two messages of a wallet without the token). */
export const HOLDER_SLOW_MODE_MAX_SECONDS = 600;

/** Codes of the holder chat's refusals (each with a user-facing message and its figures in `details`). */
export const HOLDER_CHAT_ERRORS = {
  /** `details`: { symbol } */
  holdersOnly: 'holders_only',
  /** `details`: { seconds, symbol } */
  slowMode: 'holder_slow_mode',
  /** The balance could not be read on chain: the post is refused, saying so. `details`: { symbol } */
  balanceUnavailable: 'holder_balance_unavailable',
} as const;

const DECIMAL = /^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/;
const positive = (v: string) => DECIMAL.test(v) && /[1-9]/.test(v);
const atMost100 = (v: string) => DECIMAL.test(v) && Number(v) <= 100;

/**
 * One tier: a name and a threshold, either an `amount` of tokens (decimal text, in whole tokens: "1000", "0.5")
 * or a `share` of the total supply in percent ("0.1" for 0.1 %). A wallet's badge is its highest tier reached.
 */
export const ZHolderTier = z
  .object({
    name: ZText({
      kind: 'name',
      min: 1,
      max: HOLDER_TIER_NAME_MAX,
      minMessage: 'A tier needs a name',
      maxMessage: `A tier name cannot be longer than ${HOLDER_TIER_NAME_MAX} characters`,
    }),
    kind: z.enum(['amount', 'share']),
    value: format(
      'decimal-amount',
      z.string().trim().regex(DECIMAL, 'A threshold is a number like 1000 or 0.5').refine(positive, {
        message: 'A threshold must be above 0',
      }),
    ),
  })
  .refine((t) => t.kind !== 'share' || atMost100(t.value), {
    message: 'A share of the supply is at most 100 %',
    path: ['value'],
  });
export type THolderTier = z.infer<typeof ZHolderTier>;

/** `PUT /api/streams/{mint}/holder-chat/tiers` (creator only): the tiers, at most three, names distinct. */
export const ZHolderTiersUpdate = z.object({
  tiers: z
    .array(ZHolderTier)
    .max(HOLDER_TIERS_MAX, `At most ${HOLDER_TIERS_MAX} tiers`)
    .refine(
      (ts) => new Set(ts.map((t) => t.name.toLowerCase())).size === ts.length,
      'Tier names must differ',
    ),
});
export type THolderTiersUpdate = z.input<typeof ZHolderTiersUpdate>;

/** `PUT /api/streams/{mint}/holder-chat/modes` (creator or moderator): the two holder chat modes. */
export const ZHolderChatModes = z.object({
  holders_only: z.boolean(),
  nonholder_slow_seconds: z.number().int().min(0).max(HOLDER_SLOW_MODE_MAX_SECONDS),
});
export type THolderChatModes = z.infer<typeof ZHolderChatModes>;

/** `GET /api/streams/{mint}/holder-chat` (public): the stream's tiers and modes. */
export const ZHolderChatSettings = ZHolderChatModes.extend({ tiers: z.array(ZHolderTier) });
export type THolderChatSettings = z.infer<typeof ZHolderChatSettings>;

export const DEFAULT_HOLDER_CHAT_SETTINGS: THolderChatSettings = {
  tiers: [],
  holders_only: false,
  nonholder_slow_seconds: 0,
};

/**
 * The smallest balance (in the token's base units) a tier asks for: `amount` × 10^decimals, or `share` % of the
 * total supply (rounded up, so 100 % is the whole supply).
 */
export const tierMinimum = (
  tier: Pick<THolderTier, 'kind' | 'value'>,
  decimals: number,
  totalSupply: bigint,
) => {
  const [whole = '0', frac = ''] = tier.value.split('.');
  if (tier.kind === 'amount') {
    const digits = Math.max(0, Math.min(decimals, 77));
    const fracDigits = frac.slice(0, digits).padEnd(digits, '0');
    return BigInt(whole) * 10n ** BigInt(digits) + BigInt(fracDigits || '0');
  }
  // percent with up to 18 decimals: supply × value / 100, rounded up
  const scale = 10n ** 18n;
  const scaled = BigInt(whole) * scale + BigInt(frac.padEnd(18, '0'));
  const num = totalSupply * scaled;
  const den = 100n * scale;
  return (num + den - 1n) / den;
};

import { HOLDER_CHAT_ERRORS, type THolderTier, tierMinimum } from '@mintcast/contracts';
import type { HoldersService } from '../chain/holders.service.ts';
import { AppError } from '../http/errors.ts';
import type { ChatPostCheck } from '../moderation/chat-rules.service.ts';

/**
 * The holder chat modes on a chat post (issue 34 item 4, decision 030), after the chat rules: **holders only**
 * refuses a wallet holding none of the stream's token, **slow mode for non-holders** makes such a wallet wait
 * between two messages. The creator and moderators are exempt. A balance that cannot be read refuses the post
 * saying so (503), never silently. The balance is read only when a mode could refuse this post.
 */
export const holderChatCheck =
  (holders: Pick<HoldersService, 'balanceOf'>): ChatPostCheck =>
  async (d) => {
    const { holdersOnly, nonholderSlowSeconds } = d.holderModes;
    if (d.staff || (!holdersOnly && nonholderSlowSeconds === 0)) return null;
    let waitMs = 0;
    if (!holdersOnly) {
      // Slow mode only: a wallet that has not posted within the wait need not be asked about.
      waitMs = d.lastPostAt ? d.lastPostAt.getTime() + nonholderSlowSeconds * 1000 - d.at.getTime() : 0;
      if (waitMs <= 0) return null;
    }
    const symbol = d.symbol;
    const balance = await holders.balanceOf(d.mint, d.actor);
    if (balance === null)
      return new AppError(
        503,
        HOLDER_CHAT_ERRORS.balanceUnavailable,
        `Your message was not sent: your $${symbol} balance could not be checked on BNB Smart Chain right now. Try again in a moment`,
        { symbol },
      );
    if (balance > 0n) return null;
    if (holdersOnly)
      return new AppError(
        403,
        HOLDER_CHAT_ERRORS.holdersOnly,
        `This chat is for $${symbol} holders only. Buy $${symbol} to chat.`,
        { symbol },
      );
    const seconds = Math.ceil(waitMs / 1000);
    return new AppError(
      429,
      HOLDER_CHAT_ERRORS.slowMode,
      `Slow mode is on for non-holders. You can send another message in ${seconds} s, or hold $${symbol} to chat without waiting`,
      { seconds, symbol },
    );
  };

/**
 * Each holder's badge tier: the highest tier whose minimum its balance reaches (a tier's minimum is at least one
 * base unit, so a wallet holding nothing has no tier). Tiers as a share of the supply need the token's supply.
 */
export const badgeTiers = (
  balances: ReadonlyMap<string, bigint>,
  tiers: readonly THolderTier[],
  token: { decimals: number; totalSupply: bigint },
): Record<string, string> => {
  const minimums = tiers
    .map((t) => ({ name: t.name, min: tierMinimum(t, token.decimals, token.totalSupply) }))
    .map((t) => ({ ...t, min: t.min < 1n ? 1n : t.min }))
    .sort((a, b) => (a.min > b.min ? -1 : a.min < b.min ? 1 : 0));
  const badges: Record<string, string> = {};
  for (const [wallet, balance] of balances) {
    const tier = minimums.find((t) => balance >= t.min);
    if (tier) badges[wallet] = tier.name;
  }
  return badges;
};

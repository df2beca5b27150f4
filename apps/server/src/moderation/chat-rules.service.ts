import { CHAT_RULE_ERRORS, effectiveChatRules, firstBlockedLinkHost } from '@mintcast/contracts';
import { PLATFORM_BANNED_MESSAGE } from '../access/access.ts';
import type { AppContext } from '../app-context.ts';
import { createRateLimiter, type RateLimiter } from '../chat/rate-limiter.ts';
import { AppError } from '../http/errors.ts';
import { findBannedWord } from './banned-words.ts';
import { rulesOf } from './chat-settings.ts';
import { createModerationRepository, type ModerationRepository } from './moderation.repository.ts';
import { SHIELD_WORDS } from './shield-words.ts';

/** Chat posting limit per address: 20 messages per 30 s (across instances), bursts of 5 (per instance). */
export const CHAT_RATE_LIMIT = { burst: 5, perWindow: 20, windowMs: 30_000 } as const;

/**
 * Ceiling on one stream's chat, whatever the number of wallets posting: 20 messages a second with bursts
 * of 40 (per instance). It bounds the database work a flood of fresh wallets can cause, each within its own
 * limit; the stream's creator and moderators are not held by it. Issue 5's budget (20 msg/s to 2,000
 * viewers) fits under it.
 */
export const CHAT_STREAM_LIMIT = { burst: 40, perWindow: 20, windowMs: 1_000 } as const;

/** Codes of refusals that are not chat-rule settings (limits and timeouts). */
export const CHAT_LIMIT_ERRORS = {
  muted: 'muted',
  rateLimited: 'rate_limited',
  streamBusy: 'chat_busy',
} as const;

const minutesLeft = (until: Date, now: number): number =>
  Math.max(1, Math.ceil((until.getTime() - now) / 60_000));

/** What the rules decided about one message, with what the writer of the message needs to know. */
export interface ChatDecision {
  actor: string;
  mint: string;
  creator: string | null;
  /** The author's server-side profile, written on the message. */
  username: string | null;
  profileImage: string | null;
  /** The creator or a moderator (exempt from followers-only, slow mode and the stream's ceiling). */
  staff: boolean;
  /** The clock at the decision: the message's created_at, so slow mode and timeouts count on one clock. */
  at: Date;
  /** Why the message may not go into the chat (the error a chat post answers with), or null. */
  refusal: AppError | null;
  /** The stream's token symbol and holder chat modes (decided by the holder chat policy, issue 34 item 4). */
  symbol: string;
  holderModes: { holdersOnly: boolean; nonholderSlowSeconds: number };
  /** When the author last posted in this chat (slow mode for non-holders counts from it). */
  lastPostAt: Date | null;
}

/** A further check of a chat post after the rules (the holder chat modes): its refusal, or null. */
export type ChatPostCheck = (d: ChatDecision) => Promise<AppError | null>;

/**
 * THE decision "may this wallet put this text in this stream's chat", for every path that writes a chat line:
 * a chat post and a tip's message alike. Site-wide and chat bans, timeouts, followers-only, banned words,
 * slow mode, the per-address limit (per instance and across instances) and the per-stream ceiling, from
 * one database round trip read on every message, so every instance enforces the settings of the moment.
 * The creator and moderators are exempt from followers-only, slow mode and the stream's ceiling.
 */
export const createChatRules = (
  repo: ModerationRepository,
  opts: { now: () => number; perAddress?: RateLimiter; perStream?: RateLimiter },
) => {
  const { now } = opts;
  const perAddress = opts.perAddress ?? createRateLimiter({ ...CHAT_RATE_LIMIT, now });
  const perStream = opts.perStream ?? createRateLimiter({ ...CHAT_STREAM_LIMIT, now });

  const refusalOf = (
    c: NonNullable<Awaited<ReturnType<ModerationRepository['chatPostContext']>>>,
    actor: string,
    content: string,
    staff: boolean,
    t: number,
  ): AppError | null => {
    if (c.platform_banned) return new AppError(403, CHAT_RULE_ERRORS.banned, PLATFORM_BANNED_MESSAGE);
    if (c.chat_banned) return new AppError(403, CHAT_RULE_ERRORS.chatBanned, 'You are banned from this chat');
    if (c.muted_until) {
      const n = minutesLeft(new Date(c.muted_until), t);
      return new AppError(
        403,
        CHAT_LIMIT_ERRORS.muted,
        `You are muted in this chat by the host for ${n} more minute${n === 1 ? '' : 's'}`,
        // `details` carries the figures, so a client can say it in the visitor's language.
        { minutes: n },
      );
    }
    const rules = effectiveChatRules(rulesOf(c));
    if (rules.followersOnly && !staff && !c.follows) {
      return new AppError(
        403,
        CHAT_RULE_ERRORS.followersOnly,
        'This chat is followers-only. Follow the stream to chat.',
      );
    }
    const word =
      findBannedWord(content, c.banned_words ?? []) ??
      (rules.shield ? findBannedWord(content, SHIELD_WORDS) : null);
    if (word) {
      return new AppError(
        422,
        CHAT_RULE_ERRORS.bannedWord,
        `Your message was not sent: "${word}" is not allowed in this chat`,
        { word },
      );
    }
    // Links are off except to the creator's allowlist (none under Shield mode); the host and moderators may post any.
    const host = staff ? null : firstBlockedLinkHost(content, rules.linkAllowlist);
    if (host) {
      return new AppError(
        422,
        CHAT_RULE_ERRORS.linksOff,
        `Your message was not sent: links to ${host} are not allowed in this chat`,
        { host },
      );
    }
    const slowMs = rules.slowModeSeconds * 1000;
    if (slowMs > 0 && !staff && c.last_post_at) {
      const waitMs = new Date(c.last_post_at).getTime() + slowMs - t;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        return new AppError(
          429,
          CHAT_RULE_ERRORS.slowMode,
          `Slow mode is on. You can send another message in ${seconds} s`,
          { seconds },
        );
      }
    }
    // The 20 per 30 s holds across instances because it is counted in the database, where every instance's
    // messages are; bursts are held back by this instance's bucket (checked when the message is written).
    const waitMs = Math.max(c.limit_wait_ms ?? 0, perAddress.wait(actor));
    if (waitMs > 0) return tooFast(waitMs);
    if (!staff && perStream.wait(c.mint) > 0) return streamBusy();
    return null;
  };

  const tooFast = (waitMs: number) => {
    const seconds = Math.ceil(waitMs / 1000);
    return new AppError(429, 'rate_limited', `You are sending messages too fast. Try again in ${seconds} s`, {
      seconds,
    });
  };
  const streamBusy = () =>
    new AppError(
      429,
      CHAT_LIMIT_ERRORS.streamBusy,
      'This chat is receiving too many messages right now. Try again in a few seconds',
    );

  const rules = {
    /** Read and decide; takes nothing from the limits (see `take`). Undefined when the stream does not exist. */
    async decide(actor: string, mint: string, content: string): Promise<ChatDecision | undefined> {
      const t = now();
      const at = new Date(t);
      const c = await repo.chatPostContext(mint, actor, at, {
        count: CHAT_RATE_LIMIT.perWindow,
        windowMs: CHAT_RATE_LIMIT.windowMs,
      });
      if (!c) return undefined;
      const staff = c.creator_address === actor || Boolean(c.is_moderator);
      return {
        actor,
        mint,
        creator: c.creator_address,
        username: c.username ?? null,
        profileImage: c.profile_image ?? null,
        staff,
        at,
        refusal: refusalOf(c, actor, content, staff, t),
        symbol: c.symbol,
        holderModes: {
          holdersOnly: Boolean(c.holders_only),
          nonholderSlowSeconds: c.nonholder_slow_seconds ?? 0,
        },
        lastPostAt: c.last_post_at ? new Date(c.last_post_at) : null,
      };
    },

    /**
     * Count an admitted message against the limits, right before it is written. Returns the refusal when a
     * concurrent message took the last token since `decide`.
     */
    take(d: ChatDecision): AppError | null {
      const waitMs = perAddress.wait(d.actor);
      if (waitMs > 0) return tooFast(waitMs);
      if (!d.staff && perStream.wait(d.mint) > 0) return streamBusy();
      perAddress.take(d.actor);
      if (!d.staff) perStream.take(d.mint);
      return null;
    },

    /**
     * decide + take for a plain chat post: the decision, or the refusal thrown. `check` (the holder chat modes)
     * runs after the rules and before the limits are taken from.
     */
    async admit(
      actor: string,
      mint: string,
      content: string,
      check?: ChatPostCheck,
    ): Promise<ChatDecision | undefined> {
      const d = await rules.decide(actor, mint, content);
      if (!d) return undefined;
      const refusal = d.refusal ?? (check ? await check(d) : null) ?? rules.take(d);
      if (refusal) throw refusal;
      return d;
    },
  };
  return rules;
};

export type ChatRules = ReturnType<typeof createChatRules>;

/**
 * One set of chat rules per app, shared by every path that writes a chat line (the chat and the tips
 * plugins), so the per-stream ceiling and the per-address bursts count chat posts and tips together.
 */
const perApp = new WeakMap<AppContext, ChatRules>();
export const chatRulesFor = (ctx: AppContext): ChatRules => {
  let rules = perApp.get(ctx);
  if (!rules) {
    rules = createChatRules(createModerationRepository(ctx.database.db), { now: ctx.now });
    perApp.set(ctx, rules);
  }
  return rules;
};

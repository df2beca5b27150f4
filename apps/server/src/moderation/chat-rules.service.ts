import { CHAT_RULE_ERRORS, findBannedWord } from '@mintcast/contracts';
import { AppError, notFound } from '../http/errors.ts';
import type { ModerationRepository } from './moderation.repository.ts';

export const PLATFORM_BANNED_MESSAGE = 'Your wallet is banned from Mintcast';

/**
 * The rules a chat message must pass before it is written: site-wide and chat bans, followers-only,
 * banned words and slow mode. Read from the database on every post, so every instance enforces the
 * settings of the moment. The creator and moderators are exempt from followers-only and slow mode.
 */
export const createChatRules = (repo: ModerationRepository, now: () => number) => ({
  async check(actor: string, mint: string, content: string): Promise<void> {
    const c = await repo.postRulesContext(mint, actor);
    if (!c) throw notFound('Stream Not Found');
    if (c.platform_banned) throw new AppError(403, CHAT_RULE_ERRORS.banned, PLATFORM_BANNED_MESSAGE);
    if (c.chat_banned) throw new AppError(403, CHAT_RULE_ERRORS.chatBanned, 'You are banned from this chat');
    const staff = c.creator_address === actor || Boolean(c.is_moderator);
    if (c.followers_only && !staff && !c.follows) {
      throw new AppError(
        403,
        CHAT_RULE_ERRORS.followersOnly,
        'This chat is followers-only. Follow the stream to chat.',
      );
    }
    const word = findBannedWord(content, c.banned_words ?? []);
    if (word) {
      throw new AppError(
        422,
        CHAT_RULE_ERRORS.bannedWord,
        `Your message was not sent: "${word}" is not allowed in this chat`,
        { word },
      );
    }
    const slowMs = (c.slow_mode_seconds ?? 0) * 1000;
    if (slowMs > 0 && !staff && c.last_post_at) {
      const waitMs = new Date(c.last_post_at).getTime() + slowMs - now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(
          429,
          CHAT_RULE_ERRORS.slowMode,
          `Slow mode is on. You can send another message in ${seconds} s`,
          { seconds },
        );
      }
    }
  },
});

export type ChatRules = ReturnType<typeof createChatRules>;

import {
  DEFAULT_CHAT_RULES,
  type TChatModeration,
  type TChatRules,
  type TChatSettingsUpdate,
  ZChatSettingsUpdate,
} from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { badRequest } from '../http/errors.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import type { ModerationRepository } from './moderation.repository.ts';
import { MODERATION_TOPIC, type ModerationNotification, rulesChanged } from './moderation-notification.ts';

type SettingsRow = Awaited<ReturnType<ModerationRepository['settings']>>;

const rulesOf = (row: SettingsRow): TChatRules =>
  row ? { slowModeSeconds: row.slow_mode_seconds, followersOnly: row.followers_only } : DEFAULT_CHAT_RULES;

/**
 * The creator's and moderators' chat tools: modes, banned words, moderators, bans, timeouts, clear.
 * Each change is stored, then announced on the moderation topic so every instance updates its open chats.
 */
export const createChatModerationService = (deps: {
  repo: ModerationRepository;
  access: Access;
  pubsub: Pick<PubSub, 'publish'>;
  now: () => number;
}) => {
  const { repo, access, pubsub, now } = deps;
  const announce = (n: ModerationNotification) => pubsub.publish(MODERATION_TOPIC, JSON.stringify(n));

  return {
    /** The modes in force, for every viewer. */
    async rules(mint: string): Promise<TChatRules> {
      await access.role(mint, null); // 404 for an unknown stream
      return rulesOf(await repo.settings(mint));
    },

    /** The caller's role and, for the creator and moderators, what they manage (viewers get the modes only). */
    async overview(actor: string, mint: string): Promise<TChatModeration> {
      const role = await access.role(mint, actor);
      if (role === 'viewer') {
        const [settings, own] = await Promise.all([
          repo.settings(mint),
          repo.selfSanction(mint, actor, new Date(now())),
        ]);
        // A viewer learns their own ban or timeout here, so the composer says so before they type.
        const self = {
          banned: own.platformBanned ? ('site' as const) : own.chatBanned ? ('chat' as const) : null,
          mutedUntil: own.mutedUntil ? new Date(own.mutedUntil).toISOString() : null,
        };
        return { role, rules: rulesOf(settings), bannedWords: [], moderators: [], sanctions: [], self };
      }
      const [settings, moderators, sanctions] = await Promise.all([
        repo.settings(mint),
        repo.moderators(mint),
        repo.sanctions(mint, new Date(now())),
      ]);
      return {
        role,
        rules: rulesOf(settings),
        bannedWords: settings?.banned_words ?? [],
        moderators,
        sanctions: [
          ...sanctions.bans.map((address) => ({ address, kind: 'ban' as const, until: null })),
          ...sanctions.mutes.map((m) => ({
            address: m.user_address,
            kind: 'timeout' as const,
            until: new Date(m.muted_until).toISOString(),
          })),
        ],
        // The creator and moderators cannot be banned from or timed out in their own chat.
        self: { banned: null, mutedUntil: null },
      };
    },

    async updateSettings(actor: string, mint: string, input: TChatSettingsUpdate): Promise<TChatModeration> {
      await access.requireCreator(actor, mint);
      const parsed = ZChatSettingsUpdate.parse(input);
      const row = await repo.saveSettings(mint, {
        ...(parsed.slowModeSeconds !== undefined ? { slow_mode_seconds: parsed.slowModeSeconds } : {}),
        ...(parsed.followersOnly !== undefined ? { followers_only: parsed.followersOnly } : {}),
        ...(parsed.bannedWords ? { banned_words: [...new Set(parsed.bannedWords)] } : {}),
      });
      await announce(rulesChanged(mint, rulesOf(row)));
      return this.overview(actor, mint);
    },

    async setModerator(actor: string, mint: string, address: string, on: boolean): Promise<void> {
      await access.requireCreator(actor, mint);
      if (address === actor) throw badRequest('The creator already moderates this chat');
      if (on) await repo.addModerator(mint, address, actor);
      else await repo.removeModerator(mint, address);
    },

    async setBan(actor: string, mint: string, address: string, on: boolean): Promise<void> {
      await access.requireStaff(actor, mint);
      if (on) {
        if ((await access.role(mint, address)) !== 'viewer')
          throw badRequest('The creator and moderators cannot be banned from this chat');
        await repo.ban(mint, address, actor);
        await announce({ k: 'hide', mint, address });
      } else {
        await repo.unban(mint, address);
      }
    },

    async liftTimeout(actor: string, mint: string, address: string): Promise<void> {
      await access.requireStaff(actor, mint);
      await repo.liftTimeout(mint, address);
    },

    async clear(actor: string, mint: string): Promise<void> {
      await access.requireCreator(actor, mint);
      await repo.clear(mint);
      await announce({ k: 'clear', mint });
    },
  };
};

export type ChatModerationService = ReturnType<typeof createChatModerationService>;

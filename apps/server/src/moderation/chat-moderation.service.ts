import {
  type TChatModeration,
  type TChatRules,
  type TChatSettingsUpdate,
  type TModerationLogEntry,
  ZChatSettingsUpdate,
} from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { badRequest } from '../http/errors.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import { rulesOf } from './chat-settings.ts';
import type { ModerationRepository } from './moderation.repository.ts';
import type { ModerationLog } from './moderation-log.repository.ts';
import { MODERATION_TOPIC, type ModerationNotification, rulesChanged } from './moderation-notification.ts';

/** "slowModeSeconds=10, followersOnly=true": what a settings change set, for the moderation log. */
const describeChange = (input: TChatSettingsUpdate): string =>
  Object.entries(input)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(' ') : String(v)}`)
    .join(', ');

/**
 * The creator's and moderators' chat tools: modes, Shield mode, banned words, allowed links, moderators,
 * bans, timeouts, clear, and the log of all of it. Each change is stored and logged, then announced on the
 * moderation topic so every instance updates its open chats.
 */
export const createChatModerationService = (deps: {
  repo: ModerationRepository;
  log: ModerationLog;
  access: Access;
  pubsub: Pick<PubSub, 'publish'>;
  now: () => number;
}) => {
  const { repo, log, access, pubsub, now } = deps;
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
        ...(parsed.linkAllowlist ? { link_allowlist: [...new Set(parsed.linkAllowlist)] } : {}),
      });
      await log.add({ mint, actor, action: 'settings', detail: describeChange(parsed) });
      await announce(rulesChanged(mint, rulesOf(row)));
      return this.overview(actor, mint);
    },

    /**
     * Shield mode on or off, by the creator or a moderator: followers-only, slow mode, links off and the
     * strictest word list at once, on top of the settings (which switching it off brings back untouched).
     */
    async setShield(actor: string, mint: string, on: boolean): Promise<TChatModeration> {
      await access.requireStaff(actor, mint);
      const row = await repo.saveSettings(mint, { shield: on });
      await log.add({ mint, actor, action: on ? 'shield_on' : 'shield_off' });
      await announce(rulesChanged(mint, rulesOf(row)));
      return this.overview(actor, mint);
    },

    /** The moderation log, newest first: for the creator and the site's admins. */
    async log(actor: string, mint: string): Promise<TModerationLogEntry[]> {
      if (!access.isAdmin(actor)) await access.requireCreator(actor, mint);
      else await access.role(mint, null); // 404 for an unknown stream
      return log.list(mint);
    },

    async setModerator(actor: string, mint: string, address: string, on: boolean): Promise<void> {
      await access.requireCreator(actor, mint);
      if (address === actor) throw badRequest('The creator already moderates this chat');
      if (on) await repo.addModerator(mint, address, actor);
      else await repo.removeModerator(mint, address);
      await log.add({ mint, actor, action: on ? 'add_moderator' : 'remove_moderator', target: address });
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
      await log.add({ mint, actor, action: on ? 'ban' : 'unban', target: address });
    },

    async liftTimeout(actor: string, mint: string, address: string): Promise<void> {
      await access.requireStaff(actor, mint);
      await repo.liftTimeout(mint, address);
      await log.add({ mint, actor, action: 'lift_timeout', target: address });
    },

    async clear(actor: string, mint: string): Promise<void> {
      await access.requireCreator(actor, mint);
      await repo.clear(mint);
      await log.add({ mint, actor, action: 'clear_chat' });
      await announce({ k: 'clear', mint });
    },
  };
};

export type ChatModerationService = ReturnType<typeof createChatModerationService>;

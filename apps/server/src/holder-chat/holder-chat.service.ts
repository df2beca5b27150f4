import type { THolderChatModes, THolderChatSettings, THolders, THolderTier } from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import type { HoldersService } from '../chain/holders.service.ts';
import { notFound } from '../http/errors.ts';
import type { ModerationLog } from '../moderation/moderation-log.repository.ts';
import { holderChatChanged, MODERATION_TOPIC } from '../moderation/moderation-notification.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import { badgeTiers } from './holder-chat.policy.ts';
import type { HolderChatRepository } from './holder-chat.repository.ts';

/**
 * Holder-aware chat as the routes see it: the settings (tiers: the creator; modes: the creator or a moderator,
 * logged like the chat's other settings) and the badges of a chat page's authors.
 */
export const createHolderChatService = (deps: {
  repo: HolderChatRepository;
  holders: Pick<HoldersService, 'balancesAmong' | 'tokenFacts'>;
  access: Pick<Access, 'requireCreator' | 'requireStaff'>;
  log: Pick<ModerationLog, 'add'>;
  /** Announces a change on the moderation topic: every instance pushes it to its open chats. */
  pubsub: Pick<PubSub, 'publish'>;
}) => {
  const settings = async (mint: string): Promise<THolderChatSettings> => {
    const s = await deps.repo.settings(mint);
    if (!s) throw notFound('Stream Not Found');
    return s;
  };
  /** The saved settings, announced to the stream's open chats. */
  const announced = async (mint: string): Promise<THolderChatSettings> => {
    const s = await settings(mint);
    await deps.pubsub.publish(MODERATION_TOPIC, JSON.stringify(holderChatChanged(mint, s)));
    return s;
  };

  return {
    settings,

    async setTiers(actor: string, mint: string, tiers: THolderTier[]): Promise<THolderChatSettings> {
      await deps.access.requireCreator(actor, mint, "Only the stream's creator can set its holder tiers");
      await deps.repo.save(mint, { tiers });
      return announced(mint);
    },

    async setModes(actor: string, mint: string, modes: THolderChatModes): Promise<THolderChatSettings> {
      await deps.access.requireStaff(actor, mint);
      await deps.repo.save(mint, modes);
      await deps.log.add({
        mint,
        actor,
        action: 'settings',
        detail: `holdersOnly=${modes.holders_only} nonHolderSlowModeSeconds=${modes.nonholder_slow_seconds}`,
      });
      return announced(mint);
    },

    /**
     * Which of these wallets hold the stream's token, and each holder's tier name when the creator set tiers. A
     * token whose supply cannot be read gives holders without tiers (the badge says "Holder").
     */
    async badges(mint: string, wallets: readonly string[]): Promise<THolders> {
      const [balances, tiers] = await Promise.all([
        deps.holders.balancesAmong(mint, wallets),
        deps.repo.tiers(mint),
      ]);
      const held = new Map<string, bigint>();
      for (const [w, b] of balances) if (b !== null && b > 0n) held.set(w, b);
      const holders = [...held.keys()];
      if (tiers.length === 0 || holders.length === 0) return { holders };
      const token = await deps.holders.tokenFacts(mint).catch(() => null);
      return token ? { holders, badges: badgeTiers(held, tiers, token) } : { holders };
    },
  };
};

export type HolderChatService = ReturnType<typeof createHolderChatService>;

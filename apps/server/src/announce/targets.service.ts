import type { TAnnounceTargets, TDiscordConnect, TTelegramConnect } from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { open, seal } from '../auth/secret-box.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { assertCallable, type OutboundPolicy } from './outbound-http.ts';
import type { TargetsRepository } from './targets.repository.ts';
import type { TelegramApi } from './telegram-api.ts';

const REFUSAL = 'Only the stream creator can set where its go-live is announced';

/** What each sealed field is bound to (the AES-GCM associated data). */
export const sealContext = (mint: string, field: 'telegram' | 'discord') => `announce:${mint}:${field}`;

/**
 * The rules of a stream's Telegram and Discord announcements: creator only, credentials checked before they are
 * kept (a bot token with Telegram's getMe, a webhook URL against the SSRF rules) and stored sealed. Answers
 * never carry a token or a webhook URL.
 */
export const createTargetsService = (deps: {
  repo: TargetsRepository;
  access: Pick<Access, 'requireCreator'>;
  secretsKey: Buffer | null;
  telegram: TelegramApi;
  policy: OutboundPolicy;
}) => {
  const key = (): Buffer => {
    if (!deps.secretsKey)
      throw new AppError(
        503,
        'announce_disabled',
        'Telegram and Discord announcements are not set up on this site',
      );
    return deps.secretsKey;
  };

  const view = async (mint: string): Promise<TAnnounceTargets> => {
    const row = await deps.repo.find(mint);
    return {
      telegram:
        row?.telegram_chat_id && row.telegram_bot_token_sealed ? { chatId: row.telegram_chat_id } : null,
      discord: row?.discord_webhook_sealed ? { connected: true } : null,
      reminders: row?.post_reminders ?? false,
    };
  };

  return {
    async get(actor: string, mint: string): Promise<TAnnounceTargets> {
      await deps.access.requireCreator(actor, mint, REFUSAL);
      return view(mint);
    },

    async connectTelegram(actor: string, mint: string, input: TTelegramConnect): Promise<TAnnounceTargets> {
      await deps.access.requireCreator(actor, mint, REFUSAL);
      const k = key();
      const me = await deps.telegram.getMe(input.botToken);
      if (!me.ok)
        throw me.status === 0
          ? new AppError(502, 'telegram_unreachable', 'Telegram could not be reached, try again')
          : badRequest('Telegram refused this bot token');
      await deps.repo.set(mint, {
        telegram_chat_id: input.chatId,
        telegram_bot_token_sealed: seal(k, input.botToken, sealContext(mint, 'telegram')),
      });
      return view(mint);
    },

    async connectDiscord(actor: string, mint: string, input: TDiscordConnect): Promise<TAnnounceTargets> {
      await deps.access.requireCreator(actor, mint, REFUSAL);
      const k = key();
      await assertCallable(input.webhookUrl, deps.policy, 'webhookUrl');
      await deps.repo.set(mint, {
        discord_webhook_sealed: seal(k, input.webhookUrl, sealContext(mint, 'discord')),
      });
      return view(mint);
    },

    async disconnect(actor: string, mint: string, which: 'telegram' | 'discord'): Promise<TAnnounceTargets> {
      await deps.access.requireCreator(actor, mint, REFUSAL);
      await deps.repo.set(
        mint,
        which === 'telegram'
          ? { telegram_chat_id: null, telegram_bot_token_sealed: null }
          : { discord_webhook_sealed: null },
      );
      return view(mint);
    },

    /** Whether scheduled-broadcast reminders are posted too (kept when a channel is reconnected). */
    async setReminders(actor: string, mint: string, enabled: boolean): Promise<TAnnounceTargets> {
      await deps.access.requireCreator(actor, mint, REFUSAL);
      key();
      await deps.repo.set(mint, { post_reminders: enabled });
      return view(mint);
    },

    /** The opened credentials of a stream, for the sender (null for a channel not connected or unreadable). */
    async credentials(mint: string) {
      const row = await deps.repo.find(mint);
      if (!row || !deps.secretsKey) return null;
      const k = deps.secretsKey;
      // Sealed under another key (rotated) or tampered with: null, as if not connected.
      const tryOpen = (sealed: string | null, field: 'telegram' | 'discord') =>
        sealed ? open(k, sealed, sealContext(mint, field)) : null;
      const botToken = tryOpen(row.telegram_bot_token_sealed, 'telegram');
      return {
        telegram: botToken && row.telegram_chat_id ? { botToken, chatId: row.telegram_chat_id } : null,
        discordWebhook: tryOpen(row.discord_webhook_sealed, 'discord'),
        reminders: row.post_reminders,
      };
    },
  };
};

export type TargetsService = ReturnType<typeof createTargetsService>;

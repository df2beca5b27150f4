import type { TStream } from '@mintcast/contracts';
import { type OutboundPolicy, postOutbound } from './outbound-http.ts';
import type { TargetsService } from './targets.service.ts';
import type { TelegramApi } from './telegram-api.ts';

/** The go-live line posted to Telegram and Discord (plain text: a stream's name is never markup). */
export const goLiveText = (stream: TStream, url: string) =>
  `🔴 ${stream.name} ($${stream.symbol}) is live on Mintcast\n${url}`;

/** A scheduled broadcast's reminder, as the reminder job has it. */
export interface ScheduleReminder {
  mint: string;
  name: string;
  symbol: string;
  image_uri: string;
  title: string;
  starts_at: string;
}

/** The reminder line (plain text, the time in UTC: a channel's readers are anywhere). */
export const reminderText = (s: ScheduleReminder, url: string) =>
  `⏰ ${s.name} ($${s.symbol}) goes live at ${new Date(s.starts_at).toISOString().slice(0, 16).replace('T', ' ')} UTC: ${s.title}\n${url}`;

/**
 * Posts a go-live (always) or a scheduled broadcast's reminder (if the creator chose so) to the stream's Telegram
 * channel and Discord webhook, if connected. Discord gets the stream's card as an embed and no mentions (a stream
 * named "@everyone" pings nobody); Telegram shows the link's preview card from the stream page's share tags.
 */
export const createTargetsSender = (deps: {
  targets: Pick<TargetsService, 'credentials'>;
  telegram: TelegramApi;
  policy: OutboundPolicy;
  publicOrigin: string;
  log: { warn: (o: object, m: string) => void };
}) => {
  type Credentials = NonNullable<Awaited<ReturnType<TargetsService['credentials']>>>;
  const post = async (
    creds: Credentials,
    card: { mint: string; name: string; symbol: string; image_uri: string },
    text: string,
    url: string,
  ): Promise<void> => {
    const jobs: Promise<void>[] = [];
    if (creds.telegram) {
      const { botToken, chatId } = creds.telegram;
      jobs.push(
        deps.telegram.sendMessage(botToken, chatId, text).then((r) => {
          if (!r.ok)
            deps.log.warn(
              { mint: card.mint, status: r.status, why: r.description },
              'telegram: post refused',
            );
        }),
      );
    }
    if (creds.discordWebhook) {
      const body = JSON.stringify({
        content: text,
        allowed_mentions: { parse: [] },
        embeds: [
          {
            title: `${card.name} ($${card.symbol})`,
            url,
            ...(card.image_uri.startsWith('https:') ? { thumbnail: { url: card.image_uri } } : {}),
          },
        ],
      });
      jobs.push(
        postOutbound(creds.discordWebhook, {
          headers: { 'content-type': 'application/json' },
          body,
          policy: deps.policy,
        }).then(
          (r) => {
            if (r.status >= 300)
              deps.log.warn({ mint: card.mint, status: r.status }, 'discord: post refused');
          },
          (err: unknown) => deps.log.warn({ err, mint: card.mint }, 'discord: post failed'),
        ),
      );
    }
    await Promise.all(jobs);
  };

  return {
    async wentLive(stream: TStream): Promise<void> {
      const creds = await deps.targets.credentials(stream.mint);
      if (!creds) return;
      const url = `${deps.publicOrigin}/livestream/${stream.mint}`;
      await post(creds, stream, goLiveText(stream, url), url);
    },

    /** A reminder, to the channels of a creator who chose to post reminders there. */
    async reminder(s: ScheduleReminder): Promise<void> {
      const creds = await deps.targets.credentials(s.mint);
      if (!creds?.reminders) return;
      const url = `${deps.publicOrigin}/livestream/${s.mint}`;
      await post(creds, s, reminderText(s, url), url);
    },
  };
};

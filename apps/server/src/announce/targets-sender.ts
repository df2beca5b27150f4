import type { TStream } from '@mintcast/contracts';
import { type OutboundPolicy, postOutbound } from './outbound-http.ts';
import type { TargetsService } from './targets.service.ts';
import type { TelegramApi } from './telegram-api.ts';

/** The go-live line posted to Telegram and Discord (plain text: a stream's name is never markup). */
export const goLiveText = (stream: TStream, url: string) =>
  `🔴 ${stream.name} ($${stream.symbol}) is live on Mintcast\n${url}`;

/**
 * Posts a go-live to the stream's Telegram channel and Discord webhook, if connected. Discord gets the stream's
 * card as an embed and no mentions (a stream named "@everyone" pings nobody); Telegram shows the link's preview
 * card from the stream page's share tags.
 */
export const createTargetsSender = (deps: {
  targets: Pick<TargetsService, 'credentials'>;
  telegram: TelegramApi;
  policy: OutboundPolicy;
  publicOrigin: string;
  log: { warn: (o: object, m: string) => void };
}) => ({
  async wentLive(stream: TStream): Promise<void> {
    const creds = await deps.targets.credentials(stream.mint);
    if (!creds) return;
    const url = `${deps.publicOrigin}/livestream/${stream.mint}`;
    const text = goLiveText(stream, url);
    const jobs: Promise<void>[] = [];
    if (creds.telegram) {
      const { botToken, chatId } = creds.telegram;
      jobs.push(
        deps.telegram.sendMessage(botToken, chatId, text).then((r) => {
          if (!r.ok)
            deps.log.warn(
              { mint: stream.mint, status: r.status, why: r.description },
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
            title: `${stream.name} ($${stream.symbol})`,
            url,
            ...(stream.image_uri.startsWith('https:') ? { thumbnail: { url: stream.image_uri } } : {}),
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
              deps.log.warn({ mint: stream.mint, status: r.status }, 'discord: post refused');
          },
          (err: unknown) => deps.log.warn({ err, mint: stream.mint }, 'discord: post failed'),
        ),
      );
    }
    await Promise.all(jobs);
  },
});

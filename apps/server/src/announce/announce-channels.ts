import type { AppContext } from '../app-context.ts';
import type { OutboundPolicy } from './outbound-http.ts';
import { createTargetsRepository } from './targets.repository.ts';
import { createTargetsService, type TargetsService } from './targets.service.ts';
import { createTargetsSender } from './targets-sender.ts';
import { createTelegramApi, type TelegramApi } from './telegram-api.ts';

/**
 * A stream's Telegram channel and Discord webhook, as the announce plugin (go-lives and the creator's routes) and
 * the schedules plugin (reminders) both use them: the targets' rules and the sender that posts there.
 */
export const announceChannels = (
  ctx: AppContext,
  policy: OutboundPolicy,
  log: { warn: (o: object, m: string) => void },
): { targets: TargetsService; telegram: TelegramApi; sender: ReturnType<typeof createTargetsSender> } => {
  const reach = ctx.config.reach;
  const telegram = createTelegramApi(reach?.telegramApiUrl ?? 'https://api.telegram.org');
  const targets = createTargetsService({
    repo: createTargetsRepository(ctx.database.db),
    access: ctx.access,
    secretsKey: reach?.secretsKey ?? null,
    telegram,
    policy,
  });
  const sender = createTargetsSender({
    targets,
    telegram,
    policy,
    publicOrigin: ctx.config.publicOrigin,
    log,
  });
  return { targets, telegram, sender };
};

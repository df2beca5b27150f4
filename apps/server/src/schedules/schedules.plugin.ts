import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { outboundPolicy } from '../announce/announce.plugin.ts';
import { announceChannels } from '../announce/announce-channels.ts';
import type { AppContext } from '../app-context.ts';
import { createLeaderLock } from '../db/advisory-lock.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createPushRepository } from '../push/push.repository.ts';
import { createPushSender } from '../push/push-sender.ts';
import { createReminderJob } from './reminder-job.ts';
import { createSchedulesRepository } from './schedules.repository.ts';
import { schedulesRoutes } from './schedules.routes.ts';
import { createSchedulesService } from './schedules.service.ts';

/** Look for reminders due this often, unless configured: a reminder is at most this late. */
const DEFAULT_REMINDER_SWEEP_MS = 15_000;

/**
 * Scheduled broadcasts (their routes), and the reminders (Web Push; Telegram and Discord if the creator chose)
 * sent by the leader instance before they start. The bell's reminder entries are the notifications plugin's (read from the same tables).
 */
const schedules: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repo = createSchedulesRepository(ctx.database.db);
  schedulesRoutes(
    app,
    createSchedulesService({
      repo,
      access: ctx.access,
      publicOrigin: ctx.config.publicOrigin,
      now: ctx.now,
    }),
  );

  const reach = ctx.config.reach;
  if (!reach?.vapid && !reach?.secretsKey) return;
  const policy = outboundPolicy(ctx);
  const job = createReminderJob({
    repo,
    lock: createLeaderLock(ctx.database, 'schedule-reminders'),
    push: reach.vapid
      ? createPushSender({
          repo: createPushRepository(ctx.database.db),
          vapid: reach.vapid,
          policy,
          publicOrigin: ctx.config.publicOrigin,
          log: app.log,
        })
      : null,
    channels: reach.secretsKey ? announceChannels(ctx, policy, app.log).sender : null,
    publicOrigin: ctx.config.publicOrigin,
    sweepIntervalMs: reach.reminderSweepMs ?? DEFAULT_REMINDER_SWEEP_MS,
    now: ctx.now,
    log: app.log,
  });
  job.start();
  app.addHook('onClose', () => job.stop());
};

export const schedulesPlugin = fp(schedules, {
  name: PLUGIN.schedules,
  dependencies: [PLUGIN.auth],
  encapsulate: true,
});

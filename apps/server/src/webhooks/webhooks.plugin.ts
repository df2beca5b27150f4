import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { outboundPolicy } from '../announce/announce.plugin.ts';
import type { AppContext } from '../app-context.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createDeliverer } from './deliverer.ts';
import { createQueue } from './queue.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';
import { createWebhooksJob, DEFAULT_QUEUE_OPTIONS } from './webhooks-job.ts';

/**
 * Creator webhooks (issue 35 item 6, decision 029): the routes, and on every instance the dispatcher of the
 * trigger-fed outbox and the pg-boss delivery workers. Off (routes answer 503 to writes) without the site's
 * secrets key (ANNOUNCE_SECRETS_KEY), which seals the endpoints' URLs and secrets.
 */
const webhooks: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repo = createWebhooksRepository(ctx.database.db);
  const policy = outboundPolicy(ctx);
  const secretsKey = ctx.config.reach?.secretsKey ?? null;
  const job = secretsKey
    ? createWebhooksJob({
        boss: createQueue(ctx.database),
        repo,
        deliverer: createDeliverer({
          repo,
          secretsKey,
          policy,
          publicOrigin: ctx.config.publicOrigin,
          now: ctx.now,
        }),
        options: { ...DEFAULT_QUEUE_OPTIONS, ...ctx.config.webhooks },
        log: app.log,
        now: ctx.now,
      })
    : null;
  webhooksRoutes(
    app,
    createWebhooksService({
      repo,
      secretsKey,
      policy,
      enqueue: async (ids) => {
        await job?.enqueue(ids);
      },
    }),
  );
  if (!job) return;
  await job.start();
  app.addHook('onClose', () => job.stop());
};

export const webhooksPlugin = fp(webhooks, {
  name: PLUGIN.webhooks,
  dependencies: [PLUGIN.auth],
  encapsulate: true,
});

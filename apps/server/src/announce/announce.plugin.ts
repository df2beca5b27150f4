import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { createLeaderLock } from '../db/advisory-lock.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createPushRepository } from '../push/push.repository.ts';
import { createPushSender } from '../push/push-sender.ts';
import { createAnnounceRepository } from './announce.repository.ts';
import { announceChannels } from './announce-channels.ts';
import { type Announcer, createAnnounceJob } from './announce-job.ts';
import type { OutboundPolicy } from './outbound-http.ts';
import { targetsRoutes } from './targets.routes.ts';

/** Sweep for go-lives whose NOTIFY was lost this often, unless configured. */
const DEFAULT_SWEEP_MS = 5_000;

/** Outbound requests to URLs users chose: public https only, except in tests (stand-ins on loopback). */
export const outboundPolicy = (ctx: AppContext): OutboundPolicy => ({
  allowPrivate: ctx.config.env === 'test' && ctx.config.reach?.allowPrivateTargets === true,
});

/**
 * Go-live announcements outside the site: Web Push to followers, and the creator's Telegram channel and Discord
 * webhook (with their routes). Sent by the leader instance only.
 */
const announce: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reach = ctx.config.reach;
  const log = app.log;
  const policy = outboundPolicy(ctx);
  const channels = announceChannels(ctx, policy, log);
  targetsRoutes(app, channels.targets);

  const announcers: Announcer[] = [];
  if (reach?.vapid) {
    const push = createPushSender({
      repo: createPushRepository(ctx.database.db),
      vapid: reach.vapid,
      policy,
      publicOrigin: ctx.config.publicOrigin,
      log,
    });
    announcers.push(push.wentLive);
  }
  if (reach?.secretsKey) announcers.push(channels.sender.wentLive);
  if (announcers.length === 0) return;
  const job = createAnnounceJob({
    repo: createAnnounceRepository(ctx.database.db),
    lock: createLeaderLock(ctx.database, 'announce'),
    streams: ctx.streams,
    pubsub: app.realtime.pubsub,
    announcers,
    sweepIntervalMs: reach?.sweepIntervalMs ?? DEFAULT_SWEEP_MS,
    now: ctx.now,
    log,
  });
  await job.start();
  app.addHook('onClose', () => job.stop());
};

export const announcePlugin = fp(announce, {
  name: PLUGIN.announce,
  // Its routes check sessions; the job listens for go-live on the realtime bus.
  dependencies: [PLUGIN.auth, PLUGIN.realtime],
  encapsulate: true,
});

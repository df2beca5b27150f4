import path from 'node:path';
import type { TStream } from '@mintcast/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { WebhookEvent } from 'livekit-server-sdk';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { AppContext } from '../app-context.ts';
import { createClipCutter } from '../clips/clip-cutter.ts';
import { createClipsRepository } from '../clips/clips.repository.ts';
import { clipsRoutes } from '../clips/clips.routes.ts';
import { createClipsService } from '../clips/clips.service.ts';
import { createLeaderLock } from '../db/advisory-lock.ts';
import { PLUGIN } from '../plugin-names.ts';
import { createS3Store } from '../storage/s3-store.ts';
import { createMarketSnapshots } from '../tokens/market-snapshots.repository.ts';
import { createEgressGateway, egressResult } from './egress-gateway.ts';
import { createRecordingFiles } from './recording-files.ts';
import { createRecordingsRepository } from './recordings.repository.ts';
import { recordingsRoutes } from './recordings.routes.ts';
import { createRecordingsService } from './recordings.service.ts';
import { sweepRecordings } from './retention.ts';

/** How often retention runs when the configuration does not say. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Recordings and replays (issue 30): every broadcast is recorded by the embedded media server (participant
 * egress to WebM in the recordings folder, decision 022) unless its creator turned it off; the files are served
 * from this origin with Range requests; retention and a disk budget delete the oldest. With an external LiveKit
 * and an S3 store, LiveKit's Egress uploads MP4s there instead: replays redirect to presigned URLs and clips of
 * replays are cut from them (decision 035); without a store nothing is recorded. Clips (issue 30) are cut from
 * the same files.
 */
const recordingsFeature: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  const settings = config.recordings ?? {
    dir: config.dataDir ? path.join(config.dataDir, 'recordings') : '',
    retentionDays: 30,
    maxBytes: 20 * 1024 ** 3,
  };
  const embedded = Boolean(config.livekit.proxyTarget) && settings.dir !== '';
  const store = !config.livekit.proxyTarget && config.s3 ? createS3Store(config.s3) : undefined;
  // The embedded media server's folder; with an S3 store, the folder clips are written into (settings.dir).
  const files = embedded || (store && settings.dir !== '') ? createRecordingFiles(settings.dir) : undefined;
  const repo = createRecordingsRepository(ctx.database.db);
  const recordings = createRecordingsService({
    repo,
    streams: ctx.streams,
    access: ctx.access,
    egress: embedded || store ? createEgressGateway(config.livekit, store) : undefined,
    files: embedded ? files : undefined,
    ...(store ? { store } : {}),
    prices: createMarketSnapshots(ctx.database.db),
    now: ctx.now,
    log: app.log,
  });
  await app.register(recordingsRoutes, { recordings });
  // Clips are cut from the recording being written, so they live with it (files in the same folder).
  const clips = createClipsService({
    repo: createClipsRepository(ctx.database.db),
    recordings: repo,
    streams: ctx.streams,
    access: ctx.access,
    files,
    ...(store ? { remoteRecording: (key: string) => store.presignedGet(key) } : {}),
    cutter: createClipCutter({
      ffmpegPath: settings.ffmpegPath ?? 'ffmpeg',
      ffprobePath: settings.ffprobePath ?? 'ffprobe',
    }),
    now: ctx.now,
    log: app.log,
    audit: createAdminRepository(ctx.database.db).audit,
  });
  await app.register(clipsRoutes, { clips, access: ctx.access });

  // Live transitions of streams this instance changed: on → record, off → finish the recording.
  const wasLive = new Map<string, boolean>();
  const onStream = (s: TStream) => {
    const before = wasLive.get(s.mint);
    if (before === s.is_currently_live) return;
    wasLive.set(s.mint, s.is_currently_live);
    const work = s.is_currently_live ? recordings.onLive(s.mint) : recordings.onOffline(s.mint);
    work.catch((err: unknown) => app.log.warn({ err, mint: s.mint }, 'recording: live transition failed'));
  };
  const unsubscribe = ctx.streams.onChange(onStream);

  const onWebhook = async (event: WebhookEvent) => {
    if (event.event !== 'egress_ended' || !event.egressInfo) return;
    const result = egressResult(event.egressInfo);
    if (result) await recordings.onEgressEnded(result);
  };
  ctx.mediaWebhooks.add(onWebhook);

  let timer: NodeJS.Timeout | undefined;
  const lock = createLeaderLock(ctx.database, 'recordings-retention');
  let running: Promise<unknown> | null = null;
  const sweepInterval = settings.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
  const kept = embedded ? files : store ? { remove: recordings.removeFile } : undefined;
  if (kept && sweepInterval > 0) {
    const tick = () => {
      if (running) return;
      running = lock
        .acquire()
        .then((lead) =>
          lead ? sweepRecordings({ repo, files: kept, policy: settings, now: ctx.now() }) : undefined,
        )
        .catch((err: unknown) => app.log.warn({ err }, 'recording: retention pass failed'))
        .finally(() => {
          running = null;
        });
    };
    tick();
    timer = setInterval(tick, sweepInterval);
    timer.unref();
  }

  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
    ctx.mediaWebhooks.delete(onWebhook);
    await running;
    await lock.release();
  });
};

export const recordingsPlugin = fp(recordingsFeature, {
  name: PLUGIN.recordings,
  // The live feature verifies the media webhooks it hands on (ctx.mediaWebhooks); the routes check sessions.
  dependencies: [PLUGIN.auth, PLUGIN.live],
  encapsulate: true,
});

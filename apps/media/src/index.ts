import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { type MediaServerOptions, type ServerContext, WHIP_LIVENESS_DEFAULTS } from './config.ts';
import { createHttpServer } from './http/http-server.ts';
import { createLogger, parseLogLevel } from './logger.ts';
import { Metrics } from './metrics.ts';
import { EgressManager } from './recording/egress-manager.ts';
import { RoomManager } from './room/room-manager.ts';
import { InlineSender } from './rtc/inline-sender.ts';
import { SendPool } from './rtc/send-pool.ts';
import { WebhookNotifier } from './webhooks.ts';

export type { MediaServerOptions } from './config.ts';
export { loadOrCreateDevKeys } from './dev-keys.ts';
export type { RoomStats } from './http/twirp.ts';
export type { TrackHealth } from './rtc/track-stats.ts';

export interface MediaServer {
  /** ws://host:port, what livekit-client and livekit-server-sdk are given. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the embedded LiveKit-compatible SFU (signalling, media, Twirp, webhooks, metrics). */
export async function startMediaServer(options: MediaServerOptions): Promise<MediaServer> {
  const keyIds = Object.keys(options.keys);
  const webhookKey = options.webhookApiKey ?? keyIds[0];
  if (!webhookKey || !options.keys[webhookKey])
    throw new Error(
      'startMediaServer: keys must contain at least one apiKey -> secret (and webhookApiKey, if set)',
    );
  const log = createLogger(parseLogLevel(options.logLevel));
  const metrics = new Metrics();
  const nativeSrtp = options.nativeSrtp ?? true;
  const workers = options.mediaWorkers ?? availableParallelism();
  // With the addon, workers are its send threads (decision 018); without it, worker processes on Node's path.
  const inline = InlineSender.start(nativeSrtp, workers);
  const inlineSender = inline.sender;
  const sendPool = inlineSender ? undefined : await SendPool.start(workers, log, inline.reason);
  // Which SRTP cipher and send the subscribers' packets go through (decision 019), for the log and /metrics.
  const srtp = inlineSender ? { srtp: 'native' as const } : { srtp: 'js' as const, reason: inline.reason };
  const ctx: ServerContext = {
    keys: options.keys,
    udpPortRange: options.udpPortRange,
    publicIp: options.publicIp,
    iceServers: options.iceServers ?? [],
    emptyTimeoutSec: options.emptyTimeoutSec ?? 300,
    departureTimeoutSec: options.departureTimeoutSec ?? 20,
    resumeGraceMs: options.resumeGraceMs ?? 20_000,
    dynacastClock: options.dynacastClock ?? (() => performance.now()),
    whip: { ...WHIP_LIVENESS_DEFAULTS, clock: () => performance.now(), ...options.whip },
    onEarlyDtls: (count) => {
      metrics.earlyDtlsDatagrams += count;
    },
    sendPool,
    inlineSender,
    log,
  };
  const threads = inlineSender?.threaded ? inlineSender : undefined;
  if (sendPool) metrics.readWorkersFrom(() => sendPool.stats());
  if (threads) metrics.readWorkersFrom(() => threads.threadStats());
  if (threads) log.info('media_workers_started', { workers, srtp: 'native', threads: true });
  metrics.readSrtpFrom(() => ({
    native: srtp.srtp === 'native',
    dropped: (sendPool?.stats() ?? [inlineSender?.stats()]).reduce((n, s) => n + (s?.dropped ?? 0), 0),
    inlineSent: threads ? 0 : (inlineSender?.stats().sent ?? 0),
  }));
  const webhooks = new WebhookNotifier(
    options.webhookUrl,
    webhookKey,
    options.keys[webhookKey] as string,
    log,
    metrics,
  );
  const manager = new RoomManager({ ctx, metrics, webhooks, log });
  const egress = new EgressManager(options.recordingsDir, manager, webhooks, options.ffmpegPath);
  // Recordings a killed predecessor left open are finished (and announced) before anything new is recorded.
  egress.recover();
  const server = createHttpServer(manager, metrics, egress);
  const host = options.host ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  }).catch((err: unknown) => {
    sendPool?.close();
    inlineSender?.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `ws://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${port}`;
  log.info('media_server_started', {
    url,
    port,
    webhook: options.webhookUrl ?? null,
    srtp: srtp.srtp,
    ...(srtp.reason ? { srtpReason: srtp.reason } : {}),
  });

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close() {
      closing ??= (async () => {
        // Server-initiated leave (SERVER_SHUTDOWN) for everyone, then room_finished webhooks.
        manager.closeAll();
        await egress.closeAll();
        await webhooks.flush();
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        sendPool?.close();
        inlineSender?.close();
        log.info('media_server_stopped', {});
      })();
      return closing;
    },
  };
}

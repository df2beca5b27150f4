import type { Logger } from './logger.ts';
import type { InlineSender } from './rtc/inline-sender.ts';
import type { SendPool } from './rtc/send-pool.ts';

export interface IceServerConfig {
  urls: string[];
  username?: string;
  credential?: string;
}

/** When a WHIP session that carries no media is ended (see `MediaServerOptions.whip`). */
export interface WhipLiveness {
  connectTimeoutMs: number;
  stallTimeoutMs: number;
  checkIntervalMs: number;
  clock: () => number;
}

export const WHIP_LIVENESS_DEFAULTS: Omit<WhipLiveness, 'clock'> = {
  // Tens of seconds: ICE through a TURN relay and DTLS take a few; OBS gives up on its own after 10-20.
  connectTimeoutMs: 30_000,
  // OBS sends video at its frame rate and audio every 20 ms: five silent seconds mean the encoder is gone.
  stallTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Options of `startMediaServer` (the public API used by the rest of the repo). */
export interface MediaServerOptions {
  port: number;
  host?: string;
  /** apiKey -> secret */
  keys: Record<string, string>;
  webhookUrl?: string;
  /** Which key signs webhooks; defaults to the first key. */
  webhookApiKey?: string;
  udpPortRange?: { min: number; max: number };
  publicIp?: string;
  iceServers?: IceServerConfig[];
  logLevel?: string;
  emptyTimeoutSec?: number;
  departureTimeoutSec?: number;
  /** How long a participant whose signal socket dropped is kept for the client to resume (default 20 s). */
  resumeGraceMs?: number;
  /**
   * The clock (ms) dynacast measures its downgrade delay with; defaults to performance.now. Tests inject one
   * they can move forward instead of waiting out the delay on a busy machine.
   */
  dynacastClock?: () => number;
  /**
   * How a WHIP ingest that stops is noticed (whip/whip-liveness.ts): an offer whose connection never carries a
   * packet is ended after `connectTimeoutMs` (default 30 s), one whose packets stop after `stallTimeoutMs`
   * (default 5 s), checked every `checkIntervalMs` (default 1 s) on `clock` (ms, default performance.now;
   * tests inject one they move forward).
   */
  whip?: Partial<WhipLiveness>;
  /**
   * Send workers that encrypt and send subscribers' media (decision 018; `MEDIA_WORKERS`): the native addon's
   * threads in this process, or worker processes on Node's path. Default: the CPU count
   * (`os.availableParallelism()`); 0 or 1 keeps everything in this thread.
   */
  mediaWorkers?: number;
  /**
   * Encrypt and send subscribers' media with the native addon (decision 019) when it is built; false: Node's
   * `createCipheriv` and `dgram` whatever is built. `MEDIA_NATIVE_SRTP=off` forces false for every server.
   * Default true.
   */
  nativeSrtp?: boolean;
  /**
   * The folder participant egress writes recordings into (`livekit.Egress/StartParticipantEgress`, file
   * paths relative to it); unset: egress answers `unavailable`. `MEDIA_RECORDINGS_DIR`, default
   * `<DATA_DIR>/recordings`.
   */
  recordingsDir?: string;
  /**
   * The ffmpeg that turns a live stream into HLS for the HTTP tier (segments output of participant egress,
   * decision 026). `FFMPEG_PATH`, default `ffmpeg` on the PATH; missing, such an egress fails at once.
   */
  ffmpegPath?: string;
}

/** What the rest of the server needs at run time, resolved once at start. */
export interface ServerContext {
  keys: Record<string, string>;
  udpPortRange?: { min: number; max: number };
  publicIp?: string;
  iceServers: IceServerConfig[];
  emptyTimeoutSec: number;
  departureTimeoutSec: number;
  resumeGraceMs: number;
  dynacastClock: () => number;
  whip: WhipLiveness;
  /** Counts DTLS datagrams held until DTLS started and then handed over (rtc/early-dtls.ts). */
  onEarlyDtls: (count: number) => void;
  /** The send worker processes, when `mediaWorkers` ≥ 2 and the native addon is not used (Node's path). */
  sendPool?: SendPool;
  /**
   * The native sender in this process, when the addon is built and allowed (decision 019): on its send threads
   * when `mediaWorkers` ≥ 2, else on this thread.
   */
  inlineSender?: InlineSender;
  log: Logger;
}

/** The version we claim. The client needs a non-empty semver; >= 1.8 keeps RPC enabled. */
export const SERVER_VERSION = '1.9.0';
export const PING_INTERVAL_SEC = 5;
export const PING_TIMEOUT_SEC = 15;

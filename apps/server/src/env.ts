import path from 'node:path';
import {
  BSC_MAINNET,
  HOST_GRACE_DEFAULT_MS,
  LIVE_RECONCILE_DEFAULT_MS,
  TIP_CONFIRMATIONS_DEFAULT,
} from '@mintcast/contracts';
import type { JWK } from 'jose';
import { z } from 'zod';
import { type ReachConfig, reachConfig, reachEnvRules, ZReachEnvShape } from './announce/reach-env.ts';
import { ZAuthSigningKeys } from './auth/signing-keys-env.ts';
import { crossVariableRules, productionRules, zUrl } from './env-rules.ts';
import type { HttpTierSettings } from './http-tier/http-tier.service.ts';
import { type S3Config, s3Config, s3EnvRules, ZS3EnvShape } from './storage/s3-env.ts';
import type { WebhooksQueueOptions } from './webhooks/webhooks-job.ts';

const ZContract = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex characters');

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z
      .literal('')
      .transform(() => undefined)
      .or(zUrl(['postgres:', 'postgresql:']))
      .optional(),
    PUBLIC_ORIGIN: zUrl(['http:', 'https:']).default('http://localhost:3000'),
    ALLOWED_ORIGINS: z.string().default(''),
    MARKET_DATA_URL: zUrl(['http:', 'https:']).default('https://api.dexscreener.com'),
    /** An external LiveKit (Cloud or a cluster); empty = the embedded media server behind this origin. */
    LIVEKIT_URL: z
      .literal('')
      .or(zUrl(['ws:', 'wss:', 'http:', 'https:']))
      .default(''),
    LIVEKIT_API_KEY: z.string().default(''),
    LIVEKIT_API_SECRET: z.string().default(''),
    MEDIA_PORT: z.coerce.number().int().min(0).max(65535).default(7880),
    MEDIA_HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(''),
    /** Market-cap refresh period of live/recently viewed streams; 0 turns the job off. */
    MARKET_REFRESH_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    /** How long a token's market data is served from the cache before it is asked again (≤ 15 s). */
    MARKET_CACHE_TTL_MS: z.coerce.number().int().min(500).max(15_000).default(15_000),
    /** How long a host may be away from the room before the stream is marked offline. */
    LIVE_HOST_GRACE_MS: z.coerce.number().int().min(0).default(HOST_GRACE_DEFAULT_MS),
    /** How often live flags and viewer counts are checked against the media server's rooms; 0 turns it off. */
    LIVE_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(LIVE_RECONCILE_DEFAULT_MS),
    AUTH_SIGNING_KEYS: ZAuthSigningKeys,
    /** Reverse proxies whose X-Forwarded-For is believed: empty (none), a hop count, or addresses/CIDRs. */
    TRUST_PROXY: z
      .string()
      .default('')
      .refine(
        (v) => !/^(true|\*)$/i.test(v.trim()),
        'trusting every sender would let any client pick its own address; give a hop count or proxy addresses',
      ),
    /** BNB Smart Chain JSON-RPC of the server (tips, holder badges); never sent to a browser. */
    BSC_RPC_URL: zUrl(['http:', 'https:']).default(BSC_MAINNET.rpcUrl),
    /** The JSON-RPC browsers read and trade through (`/api/config` publishes it): a public endpoint. */
    PUBLIC_BSC_RPC_URL: zUrl(['http:', 'https:']).default(BSC_MAINNET.rpcUrl),
    BSC_EXPLORER_URL: zUrl(['http:', 'https:']).default(BSC_MAINNET.explorerUrl),
    PANCAKE_ROUTER_ADDRESS: ZContract.default(BSC_MAINNET.router),
    PANCAKE_FACTORY_ADDRESS: ZContract.default(BSC_MAINNET.factory),
    WBNB_ADDRESS: ZContract.default(BSC_MAINNET.wbnb),
    TIP_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(TIP_CONFIRMATIONS_DEFAULT),
    // Buy and sell alerts: how often the leader polls the live streams' pairs (0 = off); decision 028.
    TRADE_ALERT_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** Comma-separated wallet addresses of the platform administrators (see /admin). */
    /** Bearer token a Prometheus scraper presents at /metrics; empty = served to loopback scrapers only. */
    METRICS_TOKEN: z.string().default(''),
    ADMIN_ADDRESSES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((a) => a.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^0x[0-9a-f]{40}$/, 'each entry must be a 0x wallet address'))),
    /**
     * With demo data (`npm run seed`) and the embedded media server: broadcast a looped test clip into the first
     * demo streams, so a newcomer's first look shows live video. Without demo streams it does nothing.
     */
    DEMO_BROADCAST: z.enum(['on', 'off']).default('on'),
    /** Where the embedded media server writes recordings; empty = DATA_DIR/recordings (issue 30). */
    MEDIA_RECORDINGS_DIR: z.string().default(''),
    /** Recordings older than this are deleted. */
    RECORDING_RETENTION_DAYS: z.coerce.number().min(0).default(30),
    /** Disk budget of all recordings (GB); above it the oldest are deleted. */
    RECORDING_MAX_GB: z.coerce.number().min(0).default(20),
    /** ffmpeg and ffprobe, which cut clips off the live path (issue 30); without them clips say they are unavailable. */
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
    /**
     * WebRTC viewers of one stream before the next ones are sent to the HTTP tier (HLS, issue 33); 0 = no cap.
     * The cap is enforced only while the tier runs (ffmpeg present, embedded media server).
     */
    MEDIA_MAX_VIEWERS_PER_STREAM: z.coerce.number().int().min(0).default(0),
    /**
     * The HTTP tier (issue 33, decision 026) at all: off by default until browser broadcasts are packaged
     * reliably (a WHIP broadcast is; see the decision record).
     */
    MEDIA_HTTP_TIER: z.enum(['on', 'off']).default('off'),
    ...ZReachEnvShape,
    ...ZS3EnvShape,
  })
  .superRefine(crossVariableRules)
  .superRefine(productionRules)
  .superRefine(reachEnvRules)
  .superRefine(s3EnvRules);
export type Env = z.infer<typeof ZEnv>;

/** Runtime configuration, derived from the environment once at boot (or built directly by tests). */
export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  /** Origins allowed to open the realtime WebSocket and call the API from a browser. */
  allowedOrigins: string[];
  marketDataUrl: string;
  livekit: LivekitConfig;
  logLevel: Env['LOG_LEVEL'];
  /** Folder of the built SPA; empty means "do not serve the web app". */
  webDist: string;
  /** Period of the market-cap refresh job (ms); 0 = off. */
  marketRefreshIntervalMs: number;
  /** Market data younger than this is served from the cache (ms); absent: 15 s. */
  marketCacheTtlMs?: number;
  /** Host absence allowed before a live stream goes offline (ms). */
  liveHostGraceMs: number;
  liveReconcileIntervalMs: number;
  /**
   * Which senders' X-Forwarded-For decides a client's address (per-IP limits): false = none (the socket
   * address counts), a hop count, or proxy addresses/CIDRs. Never "everyone": a client could pick its address.
   */
  trustProxy: TrustProxy;
  /** Shared access-token signing keys (private JWKs, the first signs); undefined = generated under dataDir. */
  authSigningKeys?: JWK[] | undefined;
  /** Chain access for trades, tips and holder badges (`/api/config` sends browsers all but `rpcUrl`). */
  chain: ChainConfig;
  /** Platform administrators' wallets, lower case. */
  adminAddresses: string[];
  /** The demo streams' broadcast (a looped clip from this file); absent or off: none. */
  demoBroadcast?: { enabled: boolean; clipPath: string };
  /** Bearer token of `/metrics`; undefined = only direct loopback requests may read it. */
  metricsToken?: string | undefined;
  /** Recordings (issue 30); absent: `<dataDir>/recordings`, 30 days, 20 GB. */
  recordings?: RecordingsConfig;
  /**
   * The S3-compatible store an external LiveKit's Egress uploads recordings and HLS segments into (decision 035);
   * absent: with an external LiveKit, recordings, clips and the HTTP tier are off.
   */
  s3?: S3Config | undefined;
  /** Go-live announcements (Web Push, Telegram, Discord); absent = all off. */
  reach?: ReachConfig;
  /** Creator webhooks' queue tuning (tests and the bench); absent = the defaults of webhooks-job.ts. */
  webhooks?: Partial<WebhooksQueueOptions>;
  /** How often the embedded database's stale tables are analyzed (tests shorten it); default 10 minutes. */
  pgliteAnalyzeEveryMs?: number;
  /** The HTTP delivery tier (HLS, decision 026); absent: off (no viewer cap, 60 s idle stop, 8 s first-playlist wait). */
  httpTier?: Partial<HttpTierSettings> & { enabled?: boolean };
}

export interface RecordingsConfig {
  /** The folder the embedded media server writes recordings into (its MEDIA_RECORDINGS_DIR). */
  dir: string;
  retentionDays: number;
  maxBytes: number;
  /** How often retention runs (ms); 0 = never (tests run it by hand). */
  sweepIntervalMs?: number;
  /** The programs clips are cut with; absent: `ffmpeg` and `ffprobe` on the PATH. */
  ffmpegPath?: string;
  ffprobePath?: string;
}

export interface ChainConfig {
  /** The server's own RPC (it may carry a provider's key): never published. */
  rpcUrl: string;
  /** The RPC browsers use, published by `/api/config` and allowed by the CSP. */
  publicRpcUrl: string;
  explorerUrl: string;
  router: string;
  factory: string;
  wbnb: string;
  tipConfirmations: number;
  /** How often the leader polls the live streams' pairs for buy and sell alerts (ms); 0 or absent: off. */
  tradeAlertPollMs?: number;
}

export type TrustProxy = false | number | string[];

/** TRUST_PROXY → Fastify's trustProxy: '' = off, '1' = one hop, '10.0.0.2,127.0.0.1/8' = those proxies. */
export const parseTrustProxy = (text: string): TrustProxy => {
  const v = text.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^[0-9]+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};

export interface LivekitConfig {
  /** The URL browsers connect to (handed out by /api/config and with every media token). */
  url: string;
  /** Where this server calls the RoomService (Twirp); defaults to `url`. */
  apiUrl?: string;
  /** The embedded media server's HTTP origin that `/rtc…` on this origin is proxied to; unset = no proxy. */
  proxyTarget?: string;
  apiKey: string;
  apiSecret: string;
}

/**
 * An external LiveKit URL is handed out unchanged. The embedded media server is reached through the site's own
 * origin (`/rtc` is proxied), so browsers get PUBLIC_ORIGIN as a WebSocket URL: `wss://` for an https site.
 */
export const livekitConfig = (
  e: Pick<Env, 'LIVEKIT_URL' | 'LIVEKIT_API_KEY' | 'LIVEKIT_API_SECRET' | 'MEDIA_HOST' | 'MEDIA_PORT'>,
  publicOrigin: string,
): LivekitConfig => {
  const keys = { apiKey: e.LIVEKIT_API_KEY, apiSecret: e.LIVEKIT_API_SECRET };
  if (e.LIVEKIT_URL) return { url: e.LIVEKIT_URL, ...keys };
  const host =
    e.MEDIA_HOST === '0.0.0.0' || e.MEDIA_HOST === ''
      ? '127.0.0.1'
      : e.MEDIA_HOST === '::'
        ? '::1'
        : e.MEDIA_HOST;
  const internal = `http://${host.includes(':') ? `[${host}]` : host}:${e.MEDIA_PORT}`;
  return { url: publicOrigin.replace(/^http/, 'ws'), apiUrl: internal, proxyTarget: internal, ...keys };
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parse and validate the environment; throws an error naming every bad variable. */
export const loadConfig = (source: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicOrigin = new URL(e.PUBLIC_ORIGIN).origin;
  const extra = e.ALLOWED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicOrigin,
    allowedOrigins: [publicOrigin, ...extra],
    marketDataUrl: e.MARKET_DATA_URL.replace(/\/+$/, ''),
    livekit: livekitConfig(e, publicOrigin),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(repoRoot, e.WEB_DIST) : path.resolve(repoRoot, 'apps/web/dist'),
    marketRefreshIntervalMs: e.MARKET_REFRESH_INTERVAL_MS,
    marketCacheTtlMs: e.MARKET_CACHE_TTL_MS,
    liveHostGraceMs: e.LIVE_HOST_GRACE_MS,
    liveReconcileIntervalMs: e.LIVE_RECONCILE_INTERVAL_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authSigningKeys: e.AUTH_SIGNING_KEYS,
    chain: {
      rpcUrl: e.BSC_RPC_URL,
      publicRpcUrl: e.PUBLIC_BSC_RPC_URL,
      explorerUrl: e.BSC_EXPLORER_URL.replace(/\/+$/, ''),
      router: e.PANCAKE_ROUTER_ADDRESS,
      factory: e.PANCAKE_FACTORY_ADDRESS,
      wbnb: e.WBNB_ADDRESS,
      tipConfirmations: e.TIP_CONFIRMATIONS,
      tradeAlertPollMs: e.TRADE_ALERT_POLL_MS,
    },
    adminAddresses: e.ADMIN_ADDRESSES,
    demoBroadcast: {
      enabled: e.DEMO_BROADCAST === 'on',
      clipPath: path.resolve(repoRoot, 'apps/server/assets/demo-clip.ivf'),
    },
    metricsToken: e.METRICS_TOKEN || undefined,
    recordings: {
      dir: path.resolve(repoRoot, e.MEDIA_RECORDINGS_DIR || path.join(e.DATA_DIR, 'recordings')),
      retentionDays: e.RECORDING_RETENTION_DAYS,
      maxBytes: Math.round(e.RECORDING_MAX_GB * 1024 ** 3),
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
    },
    reach: reachConfig(e, publicOrigin),
    s3: s3Config(e),
    httpTier: { enabled: e.MEDIA_HTTP_TIER === 'on', maxViewersPerStream: e.MEDIA_MAX_VIEWERS_PER_STREAM },
  };
};

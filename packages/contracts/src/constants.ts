/** Business constants from spec §9. One place, imported by web, server and tests. */
export const HOME_LIVE_CARDS = 8;
export const HOME_RECENT_CARDS = 8;
export const HOME_LIVE_SKELETONS = 4;
export const HOME_RECENT_SKELETONS = 8;
export const STREAM_POLL_MS = 30_000;
export const TOKEN_POLL_MS = 30_000;
/** The OBS dashboard re-reads the ingest's health this often while live (the media server averages 2 s). */
export const INGEST_HEALTH_POLL_MS = 2_000;
export const TOKEN_ADDRESS_THRESHOLD = 32;
export const CHAT_HISTORY_DEFAULT_LIMIT = 50;
export const CHAT_HISTORY_MAX_LIMIT = 200;
export const CHAT_AUTOSCROLL_THRESHOLD_PX = 50;
export const CHAT_MESSAGE_MAX_LENGTH = 500;
export const TOAST_LIFETIME_MS = 5_000;
export const COPY_FEEDBACK_MS = 2_000;
export const ELAPSED_TICK_MS = 1_000;
export const VIDEO_VISIBILITY_DEBOUNCE_MS = 3_000;
export const CONNECTION_MISMATCH_LIMIT = 3;
export const TOKEN_REFRESH_BACKOFF_MS = 200;
export const BSC_CHAIN_ID = 56;
export const BSC_CHAIN_NAME = 'bsc';
export const AUTH_STORAGE_KEY = 'sb-mintcast-auth-token';
export const MARKET_DATA_SERVICE_NAME = 'DexScreener';
export const STREAM_LIST_MAX_LIMIT = 100;
export const STREAM_LIST_DEFAULT_LIMIT = 24;

/** Video service defaults (spec §9). */
export const VIDEO_DEFAULTS = {
  connectionTimeoutMs: 15_000,
  websocketTimeoutMs: 15_000,
  joinRetries: 1,
  publicationTimeoutMs: 10_000,
  statsIntervalMs: 2_000,
  codec: 'vp8',
  simulcast: true,
} as const;

/** Shipped in apps/web/public; used as read defaults (spec §3). */
export const DEFAULT_TOKEN_IMAGE = '/images/default-token.svg';
export const DEFAULT_THUMBNAIL = '/images/default-thumbnail.svg';

/** Room name for a stream's media room (spec §7). */
export const roomNameForMint = (mint: string): string => `stream-${mint}`;
/** Realtime channel name for a stream's chat (spec §7). */
export const chatChannelForMint = (mint: string): string => `stream_chat_${mint}`;
/** Realtime channel on which a stream's live status is pushed (`stream_status` events). */
export const statusChannelForMint = (mint: string): string => `stream_status_${mint.toLowerCase()}`;
/**
 * Realtime channel an HTTP-tier (HLS) player holds while it plays: its presence is how that tier's viewers are
 * counted (a cache in front of the origin hides them from the server). Nothing is pushed on it.
 */
export const httpViewersChannelForMint = (mint: string): string => `stream_hls_${mint.toLowerCase()}`;
const HTTP_VIEWERS_PREFIX = 'stream_hls_';
/** The stream of an HTTP-tier viewers channel, or null for any other channel. */
export const mintOfHttpViewersChannel = (channel: string): string | null =>
  channel.startsWith(HTTP_VIEWERS_PREFIX) ? channel.slice(HTTP_VIEWERS_PREFIX.length) : null;
/** A signed-in wallet's own channel (go-live notifications); subscribing needs that wallet's access token. */
export const notificationsChannelFor = (address: string): string => `notifications_${address.toLowerCase()}`;
/**
 * id of the stream page's JSON data block (decision 017): the server writes `{ stream }` (a TStreamLookup) there,
 * and the web app seeds its query cache from it, so its first render matches the pre-rendered view.
 */
export const FIRST_VIEW_DATA_ID = 'first-view-data';

// Zod-free on purpose: the web's realtime client needs these at start-up without building the event schemas,
// which it loads with its first connection (decision 017).

/** The one realtime WebSocket endpoint. */
export const REALTIME_PATH = '/api/realtime';
/** How many channels one socket may subscribe to at once. */
export const REALTIME_MAX_SUBSCRIPTIONS = 16;
/** Largest client frame the server accepts (bytes). */
export const REALTIME_MAX_CLIENT_FRAME = 4 * 1024;
/**
 * Client reconnect back-off: first delay, cap, and random jitter added to each delay. The cap is short so
 * chat comes back within seconds of a restarted site (an attempt on a down server costs one refused
 * connection); the jitter spreads a whole audience's reconnects over a second.
 */
export const REALTIME_RECONNECT_BASE_MS = 500;
export const REALTIME_RECONNECT_MAX_MS = 5_000;
export const REALTIME_RECONNECT_JITTER_MS = 1_000;

/** WebSocket close codes the server uses (4000–4999 is the application range). */
export const REALTIME_CLOSE = {
  heartbeatTimeout: 4000,
  tooSlow: 4001,
  protocolError: 4002,
  /** The server may have missed events (its database listener reconnected): reconnect and refetch. */
  resync: 4003,
  /** The client's address already holds as many sockets as the server allows. */
  tooManyConnections: 4004,
  shuttingDown: 1001,
} as const;

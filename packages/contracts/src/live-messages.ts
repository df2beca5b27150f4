// Zod-free on purpose: the web's English catalogue uses these at start-up, and importing them from live.ts
// would build every schema of that module there (decision 017).

/** User-facing texts of the broadcaster and the player (spec §2, §8), one place for screens and tests. */
export const LIVE_MESSAGES = {
  started: 'Stream started successfully!',
  startFailed: 'Failed to start stream',
  ended: 'Stream ended successfully',
  endFailed: 'Failed to end stream',
  screenShareFailed: 'Failed to toggle screen share',
  cameraUnavailable: 'Camera not available',
  cameraHint: 'Check your camera permissions and try again',
  offline: 'Stream is offline',
  connecting: 'Connecting to stream...',
  connectionError: 'Connection Error',
  connectFailed: 'Failed to connect to stream',
  waitingHost: 'Waiting for host...',
  waitingVideo: 'Waiting for video stream...',
  reconnecting: 'Reconnecting...',
  tapToUnmute: 'Tap to unmute',
  /** The tier indicator (issue 33): WebRTC, or the HTTP tier (HLS) a few seconds behind. */
  tierLowLatency: 'Low latency',
  tierBehind: 'A few seconds behind',
  tierLowLatencyTitle: 'Played over WebRTC, about a second behind the broadcaster',
  tierBehindTitle: 'Played over HTTP: this stream is full or your network blocks WebRTC',
} as const;

/** Strings shared by several screens: badges, cards, generic actions and inline errors (spec §2, §8). */
export const common = {
  live: 'LIVE',
  liveStatus: 'Live',
  offline: 'Offline',
  anonymous: 'Anonymous',
  networkError: 'Network error, check your connection',
  unexpectedResponse: 'Unexpected response (HTTP {{status}})',
  httpError: 'HTTP error {{status}}',
  retry: 'Retry',
  loadMore: 'Load more',
  startStreaming: 'Start Streaming',
  howToStream: 'How to Stream',
  backToHome: 'Back to Home',
  returnHome: 'Return Home',
  tryAgain: 'Try Again',
  close: 'Close',
  marketCapOf: 'Market cap {{value}}',
  errors: {
    loadStreams: 'Failed to load streams',
    searchStreams: 'Failed to search streams',
  },
  toast: {
    region: 'Notifications',
  },
} as const;

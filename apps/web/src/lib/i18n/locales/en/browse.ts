/** Explore, Trending, Favorites, Profile and the 404 page (spec §2). */
export const explore = {
  title: 'Explore Streams',
  subtitle: 'Browse every token stream, live ones first.',
  placeholder: 'Search streams, tokens...',
  label: 'Search streams, tokens',
  search: 'Search',
  clear: 'Clear search',
  noStreamsFound: 'No streams found',
  noStreamsText: 'There are no streams yet. Start the first one!',
  noResultsFor: 'No results for <b>“{{term}}”</b>. Try a token name, symbol or address.',
  resultsFor_one: '<b>{{n}}</b> result for <t>“{{term}}”</t>',
  resultsFor_other: '<b>{{n}}</b> results for <t>“{{term}}”</t>',
  streams_one: '<b>{{n}}</b> stream',
  streams_other: '<b>{{n}}</b> streams',
} as const;

export const trending = {
  title: 'Trending Tokens',
  subtitle: 'The most valuable and most watched token streams right now.',
  sortBy: 'Sort by',
  sort: { market_cap: 'Market Cap', participants: 'Participants', activity: 'Activity' },
  token: 'Token',
  marketCap: 'Market Cap',
  status: 'Status',
  participants: 'Participants',
  participantsCount_one: '{{n}} participant',
  participantsCount_other: '{{n}} participants',
  empty: 'No trending tokens yet',
  emptyText: 'Tokens appear here as soon as someone streams them.',
} as const;

export const favorites = {
  title: 'Favorites',
  subtitle: 'Streams you liked or follow, live ones first.',
  connect: 'Connect your wallet to view favorites',
  empty: 'No favorites yet',
  emptyText: 'Like or follow a stream and it shows up here.',
} as const;

export const profile = {
  title: 'Profile',
  connect: 'Connect your wallet to view your profile',
  loadFailed: 'Failed to load profile',
  username: 'Username',
  usernameRule: 'Username must be 3–20 characters: a–z, 0–9 or _',
  usernameHint: 'Shown on your streams and in chat.',
  avatarRule: 'Avatar must be an http(s) URL',
  avatar: 'Avatar image URL',
  avatarHint: 'An http(s) link to a square image.',
  save: 'Save profile',
  saved: 'Profile saved',
  invalid: 'Invalid profile',
  saveFailed: 'Could not save your profile',
  myStreams: 'My streams',
  noStreams: 'You have not streamed yet.',
  dashboard: 'Dashboard',
  dashboardOf: 'Dashboard of {{name}}',
  view: 'View',
  viewOf: 'View {{name}}',
} as const;

export const notFound = {
  title: '404 Page Not Found',
  text: 'The page you are looking for does not exist or has moved.',
} as const;

export const routeError = {
  title: 'Unexpected Application Error!',
  text: 'Something went wrong while showing this page.',
} as const;

export const inbox = {
  title: 'Notifications',
  subtitle: 'What went live, tips you received, and your reports that were handled.',
  connect: 'Connect your wallet to see your notifications',
  loadFailed: 'Could not load your notifications',
  empty: 'Nothing yet. Follow streams to hear when they go live.',
  live: '{{name}} (${{symbol}}) went live',
  liveNow: 'Live now',
  tip: '{{from}} tipped {{amount}} BNB on {{name}}',
  report: 'Your report about {{name}} ({{reason}}) was handled',
  settings: 'Notification settings',
} as const;

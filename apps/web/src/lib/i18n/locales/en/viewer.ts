/** The viewer's side of a stream page: who streams, the phone tabs, the creator page, chat refusals (issue 29). */
export const watch = {
  streamer: 'Streamer',
  creatorStreams: 'All streams by {{name}}',
  sections: 'Stream sections',
  aboutTab: 'About',
  chatTab: 'Chat',
  showMore: 'Show more',
  showLess: 'Show less',
  noStreamTitle: 'No stream for this token yet',
  noStreamText: 'Nobody is streaming {{name}} right now. Go live and be the first.',
  startThisToken: 'Start streaming this token',
  creatorTitle: 'Streams by {{name}}',
  creatorLive: 'Live now',
  creatorPast: 'Past streams',
  creatorNoneTitle: 'No streams yet',
  creatorNoneText: 'This wallet has not streamed on Mintcast yet.',
  creatorInvalid: 'This link does not point to a wallet address.',
  creatorLoadFailed: 'Failed to load this creator',
  streamCount_one: '{{count}} stream',
  streamCount_other: '{{count}} streams',
} as const;

/** Chat refusals made by the server, by error code, with the figures it sends. */
export const chatErrors = {
  banned: 'Your wallet is banned from Mintcast',
  chat_banned: 'You are banned from this chat',
  followers_only: 'This chat is followers-only. Follow the stream to chat.',
  banned_word: 'Your message was not sent: "{{word}}" is not allowed in this chat',
  slow_mode: 'Slow mode is on. You can send another message in {{seconds}} s',
  links_off: 'Your message was not sent: links to {{host}} are not allowed in this chat',
  chat_busy: 'This chat is receiving too many messages right now. Try again in a few seconds',
  rate_limited: 'You are sending messages too fast. Try again in {{seconds}} s',
  muted_one: 'You are muted in this chat by the host for {{count}} more minute',
  muted_other: 'You are muted in this chat by the host for {{count}} more minutes',
  mutedUntil: 'You are timed out in this chat until {{time}}',
  tooLong_one: 'Too long to send: remove {{count}} character (the limit is {{max}})',
  tooLong_other: 'Too long to send: remove {{count}} characters (the limit is {{max}})',
} as const;

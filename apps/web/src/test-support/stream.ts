import type { TStream } from '@mintcast/contracts';

/** A whole stream record for unit tests: an offline stream with empty fields, `over` on top. */
export const aStream = (over: Partial<TStream> = {}): TStream => ({
  mint: '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f',
  name: 'Test Stream',
  symbol: 'TEST',
  description: '',
  image_uri: '',
  metadata_uri: '',
  twitter: null,
  telegram: null,
  website: null,
  thumbnail: null,
  creator_address: null,
  is_currently_live: false,
  num_participants: 0,
  usd_market_cap: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  profile_image: null,
  username: null,
  is_nsfw: false,
  live_since: null,
  ...over,
});

import { DEFAULT_TOKEN_IMAGE, type TStream } from '@mintcast/contracts';
import type { Selectable } from 'kysely';
import type { StreamsTable } from '../db/schema.ts';

export type StreamRow = Selectable<StreamsTable>;

/** The read defaults of spec §3, applied in this one place for every stream the API returns. */
export interface CreatorProfile {
  username: string | null;
  profile_image: string | null;
}

export const toStream = (row: StreamRow, creator?: CreatorProfile): TStream => ({
  mint: row.mint,
  name: row.name,
  symbol: row.symbol,
  description: row.description ?? '',
  image_uri: row.image_uri || DEFAULT_TOKEN_IMAGE,
  metadata_uri: row.metadata_uri ?? '',
  twitter: row.twitter,
  telegram: row.telegram,
  website: row.website,
  thumbnail: row.thumbnail,
  creator_address: row.creator_address,
  is_currently_live: row.is_currently_live ?? false,
  num_participants: Number(row.num_participants ?? 0) || 0,
  usd_market_cap: Number(row.usd_market_cap ?? 0) || 0,
  created_at: new Date(row.created_at).toISOString(),
  // The creator's public profile, when they set one (the spec's client fills these with null).
  profile_image: creator?.profile_image ?? null,
  username: creator?.username ?? null,
  is_nsfw: row.is_nsfw ?? false,
  live_since: row.is_currently_live && row.live_since ? new Date(row.live_since).toISOString() : null,
});

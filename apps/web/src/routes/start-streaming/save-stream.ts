import type { TTokenPreview } from '@mintcast/contracts';
import { upsertStream } from '../../queries/live.ts';

export interface StreamDetails {
  preview: TTokenPreview;
  title: string;
  description: string;
  nsfw: boolean;
}

const httpOrNull = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/** Upserts the stream as the signed-in creator from the wizard's fields (not live: going live sets that). */
export const saveStream = (opts: StreamDetails) => {
  const { preview } = opts;
  return upsertStream({
    mint: preview.address,
    name: opts.title.trim(),
    symbol: preview.symbol,
    description: opts.description.trim(),
    image_uri: httpOrNull(preview.image) ?? '',
    website: httpOrNull(preview.website),
    twitter: httpOrNull(preview.twitter),
    telegram: httpOrNull(preview.telegram),
    usd_market_cap: Math.max(0, preview.marketCap || 0),
    is_currently_live: false,
    is_nsfw: opts.nsfw,
  });
};

import type { TTokenPreview } from '@mintcast/contracts';
import { upsertStream } from '../../queries/live.ts';
import { saveRecordingSetting } from '../../queries/recordings.ts';

export interface StreamDetails {
  preview: TTokenPreview;
  title: string;
  description: string;
  nsfw: boolean;
  /** Record the broadcast as a replay (the stream's switch, also in the cockpit). */
  record: boolean;
}

const httpOrNull = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * Upserts the stream as the signed-in creator from the wizard's fields (not live: going live sets that), then
 * its recording switch, so the broadcast about to start is recorded, or not, as chosen.
 */
export const saveStream = async (opts: StreamDetails) => {
  const { preview } = opts;
  const saved = await upsertStream({
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
  await saveRecordingSetting(preview.address, opts.record);
  return saved;
};

import { roomNameForMint, type TTokenPreview } from '@mintcast/contracts';
import { createLiveRoom, setStreamLive, upsertStream } from '../../queries/live.ts';
import { HostSession } from './host-session.ts';

const httpOrNull = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * "Start Live Stream" (spec §4/§7): upsert the stream as the signed-in creator → create the room → host
 * token → connect → publish → set live. Any failure undoes the connection and rethrows.
 */
export const startBroadcast = async (opts: {
  preview: TTokenPreview;
  title: string;
  description: string;
  nsfw: boolean;
  participantName: string;
}): Promise<HostSession> => {
  const { preview } = opts;
  const mint = preview.address;
  await upsertStream({
    mint,
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
  await createLiveRoom(roomNameForMint(mint));
  const session = new HostSession(mint, opts.participantName);
  try {
    await session.start();
    await setStreamLive(mint, true);
  } catch (err) {
    await session.stop().catch(() => undefined);
    throw err;
  }
  return session;
};

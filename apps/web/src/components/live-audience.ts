import { formatLiveFor, type TStream } from '@mintcast/contracts';
import { formatters } from '../lib/i18n/format.ts';
import { i18n } from '../lib/i18n/i18n.ts';

/**
 * "12 watching · 1h 5m" for a live stream, in the site's language: viewers as the media server counts them,
 * and the time since it went live, as of the list's last refresh (`now` is injectable for tests).
 */
export const liveAudience = (
  stream: TStream,
  now: number = Date.now(),
  language: string = i18n.language,
): string => {
  const count = stream.num_participants;
  const watching = i18n.getFixedT(language)('stream.watching', {
    count,
    value: formatters(language).integer(count),
  });
  if (!stream.live_since) return watching;
  return `${watching} · ${formatLiveFor((now - Date.parse(stream.live_since)) / 1000)}`;
};

/**
 * The same for a card's picture, where space is short: "12 · 1h 5m" (the eye icon beside it says what the number
 * is; the full sentence goes to screen readers and the tooltip).
 */
export const liveAudienceShort = (
  stream: TStream,
  now: number = Date.now(),
  language: string = i18n.language,
): string => {
  const count = formatters(language).integer(stream.num_participants);
  if (!stream.live_since) return count;
  return `${count} · ${formatLiveFor((now - Date.parse(stream.live_since)) / 1000)}`;
};

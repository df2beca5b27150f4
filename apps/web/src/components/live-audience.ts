import { formatLiveFor, formatWatching, type TStream } from '@mintcast/contracts';

/**
 * "12 watching · 1h 5m" for a live stream: viewers as the media server counts them, and the time since it went
 * live, as of the list's last refresh (`now` is injectable for tests).
 */
export const liveAudience = (stream: TStream, now: number = Date.now()): string => {
  const watching = formatWatching(stream.num_participants);
  if (!stream.live_since) return watching;
  return `${watching} · ${formatLiveFor((now - Date.parse(stream.live_since)) / 1000)}`;
};

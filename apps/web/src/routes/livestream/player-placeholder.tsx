import { Radio, VideoOff } from 'lucide-react';

/**
 * The 16:9 player box. The broadcast work replaces this with the real viewer player; until then it
 * shows the offline state of spec §2, or that the stream is live.
 */
export function PlayerPlaceholder({ live }: { live: boolean }) {
  return (
    <div
      data-testid="player"
      className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-2xl border border-border bg-black"
    >
      <div className="flex flex-col items-center gap-3 text-center text-muted">
        <span className="flex size-14 items-center justify-center rounded-full bg-white/5">
          {live ? (
            <Radio className="size-7 text-live" aria-hidden />
          ) : (
            <VideoOff className="size-7" aria-hidden />
          )}
        </span>
        <p className="text-base font-semibold text-fg/90">{live ? 'Stream is live' : 'Stream is offline'}</p>
      </div>
    </div>
  );
}

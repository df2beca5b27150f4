import { Eye, LoaderCircle, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { useAnnounce } from './player-announcer.tsx';

/** The 16:9 black stage every player state is drawn in, so switching states never moves the layout. */
export function PlayerFrame({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      data-testid="stream-player"
      className={`relative aspect-video w-full overflow-hidden rounded-xl border border-border bg-black ${className}`}
    >
      {children}
    </div>
  );
}

/**
 * A centred message on the stage: an icon (or spinner), a title and an optional detail line. The title is
 * announced through the player's persistent live region (player-announcer.tsx), not from this element.
 */
export function PlayerStatus({
  icon,
  title,
  detail,
  spinner = false,
  children,
}: {
  icon?: ReactNode;
  title: string;
  detail?: string;
  spinner?: boolean;
  children?: ReactNode;
}) {
  useAnnounce(detail ? `${title}. ${detail}` : title);
  return (
    <div
      data-testid="player-status"
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center"
    >
      {spinner ? <LoaderCircle aria-hidden className="size-9 animate-spin text-brand" /> : icon}
      <div className="space-y-1">
        <p className="text-base font-semibold text-white">{title}</p>
        {detail ? <p className="text-sm text-white/60">{detail}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** LIVE badge and viewer count pinned to the top of the stage (no count on the HTTP tier: it is not in the room). */
export function LiveOverlay({ viewers }: { viewers?: number }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center justify-between p-3">
      <LiveBadge />
      {viewers === undefined ? null : (
        <span
          data-testid="viewer-count"
          className="inline-flex h-6 items-center gap-1.5 rounded-md bg-black/60 px-2 text-xs font-semibold text-white backdrop-blur"
          title={t('stream.viewersTitle')}
        >
          <Eye aria-hidden className="size-3.5" />
          <span>{viewers}</span>
          <span className="sr-only">{t('stream.viewers')}</span>
        </span>
      )}
    </div>
  );
}

/** "Tap to unmute" at the stage's bottom left: browsers start live audio only after a tap. */
export function UnmuteButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className={buttonClass('primary', 'sm', 'absolute bottom-3 left-3 shadow-lg')}
    >
      <VolumeX aria-hidden className="size-4" />
      {t('live.tapToUnmute')}
    </button>
  );
}

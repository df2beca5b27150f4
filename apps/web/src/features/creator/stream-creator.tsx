import type { TStream } from '@mintcast/contracts';
import { ChevronRight, LayoutDashboard } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { ChatAvatar } from '../chat/chat-avatar.tsx';
import { LikeFollowButtons } from '../engagement/like-follow-buttons.tsx';
import { creatorName } from './creator-name.ts';

/**
 * Who is streaming, under the player (issue 29): the creator's avatar and name (or short address) linking to
 * their page of streams, Like and Follow, and the description typed in the wizard.
 */
export function StreamCreator({ stream: s }: { stream: TStream }) {
  const { t } = useTranslation();
  const name = creatorName(s.username, s.creator_address, t('common.anonymous'));
  const live = s.is_currently_live;
  const me = useSession()?.user.address;
  const mine = Boolean(me && s.creator_address && me.toLowerCase() === s.creator_address.toLowerCase());
  return (
    <section
      aria-label={t('watch.streamer')}
      data-testid="stream-creator"
      className="rounded-2xl border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {/* At least 12rem for the name: on a phone Like and Follow wrap below it instead of squeezing it. */}
        <div className="flex min-w-[min(100%,12rem)] flex-1 items-center gap-3">
          {s.creator_address ? (
            <Link
              to={`/creator/${s.creator_address}`}
              className={`shrink-0 rounded-full ${live ? 'ring-2 ring-live ring-offset-2 ring-offset-surface' : ''}`}
              aria-hidden
              tabIndex={-1}
            >
              <ChatAvatar address={s.creator_address} image={s.profile_image} size="size-11 text-sm" />
            </Link>
          ) : null}
          <div className="min-w-0">
            {s.creator_address ? (
              <Link
                to={`/creator/${s.creator_address}`}
                className="group flex min-w-0 items-center gap-1 font-semibold hover:text-brand"
                data-testid="creator-link"
                title={t('watch.creatorStreams', { name })}
              >
                <span className="truncate" data-testid="creator-name">
                  {name}
                </span>
                <ChevronRight className="size-4 shrink-0 text-muted group-hover:text-brand" aria-hidden />
              </Link>
            ) : (
              <p className="truncate font-semibold" data-testid="creator-name">
                {name}
              </p>
            )}
            <p className="text-xs text-muted">{t('watch.streamer')}</p>
          </div>
        </div>
        {mine ? (
          <Link to={`/dashboard/${s.mint}`} className={buttonClass('secondary', 'md')}>
            <LayoutDashboard aria-hidden className="size-4" />
            {t('start.dashboard.title')}
          </Link>
        ) : null}
        <LikeFollowButtons mint={s.mint} />
      </div>
      {s.description.trim() && <Description text={s.description.trim()} />}
    </section>
  );
}

/** The wizard's description: three lines, then "Show more" when it is longer. */
function Description({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [clamped, setClamped] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the text changes.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !open) setClamped(el.scrollHeight > el.clientHeight + 1);
  }, [text, open]);
  return (
    <div className="mt-3 border-t border-border pt-3">
      <p
        ref={ref}
        data-testid="stream-description"
        className={`text-sm leading-relaxed whitespace-pre-line text-fg/90 ${open ? '' : 'line-clamp-3'}`}
      >
        {text}
      </p>
      {(clamped || open) && (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="mt-1 text-xs font-semibold text-brand hover:underline"
        >
          {open ? t('watch.showLess') : t('watch.showMore')}
        </button>
      )}
    </div>
  );
}

import type { TStream } from '@mintcast/contracts';
import { ArrowLeft, Code, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass, iconButtonClass } from '../../components/ui/button.ts';
import { ClipButton } from '../../features/clips/clip-button.tsx';
import { ReportStreamButton } from '../../features/moderation/report-stream-button.tsx';
import { useCopyToClipboard } from '../../features/token/use-copy-to-clipboard.ts';
import { ViewChartLink } from '../../features/token/view-chart-link.tsx';
import { embedSnippet } from './embed-snippet.ts';
import { useShareStream } from './use-share-stream.ts';

/** Back link, name, $symbol, Live/Offline marker, Share and "View Chart" (spec §2). */
export function StreamHeader({ stream }: { stream: TStream }) {
  const { t } = useTranslation();
  const share = useShareStream();
  const { copy } = useCopyToClipboard({ ok: t('stream.embedCopied'), failed: t('stream.shareFailed') });
  const live = stream.is_currently_live;
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-4">
      <Link
        to="/explore"
        aria-label={t('stream.back')}
        className={iconButtonClass('border border-border bg-surface')}
      >
        <ArrowLeft className="size-5" aria-hidden />
      </Link>
      {/* At least 16rem for the name beside the back button: the actions wrap below rather than cut it short. */}
      <div className="min-w-[min(100%_-_3.25rem,16rem)] flex-1">
        <div className="flex min-w-0 items-center gap-2.5">
          <h1
            className="truncate text-xl font-bold sm:text-2xl"
            data-testid="stream-name"
            title={stream.name}
          >
            {stream.name}
          </h1>
          <span
            data-testid="live-marker"
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-bold tracking-wide ${
              live ? 'bg-live-strong text-white' : 'bg-surface-2 text-muted'
            }`}
          >
            <span className={`size-1.5 rounded-full ${live ? 'live-dot bg-white' : 'bg-muted'}`} />
            {live ? t('common.liveStatus') : t('common.offline')}
          </span>
          {stream.is_nsfw && (
            <span className="shrink-0 rounded-md border border-down/40 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-down">
              {t('moderation.nsfw')}
            </span>
          )}
        </div>
        <p className="mt-0.5 text-sm font-medium text-muted">${stream.symbol}</p>
      </div>
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() =>
            void share(
              t('stream.shareTitle', { name: stream.name, symbol: stream.symbol }),
              window.location.href,
            )
          }
        >
          <Share2 className="size-4" aria-hidden />
          {t('stream.share')}
        </button>
        <ClipButton stream={stream} />
        <button
          type="button"
          aria-label={t('stream.embed')}
          title={t('stream.embed')}
          className={buttonClass('secondary', 'sm', 'px-2.5 max-sm:hidden')}
          onClick={() => void copy(embedSnippet(window.location.origin, stream.mint, stream.name))}
        >
          <Code className="size-4" aria-hidden />
        </button>
        <ViewChartLink address={stream.mint} />
        <ReportStreamButton stream={stream} />
      </div>
    </header>
  );
}

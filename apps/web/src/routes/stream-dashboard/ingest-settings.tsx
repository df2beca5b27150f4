import type { TIngestInfo } from '@mintcast/contracts';
import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useCopyToClipboard } from '../../features/token/use-copy-to-clipboard.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useHeldStreamKey, useRegenerateKeyMutation, useRevealKeyMutation } from '../../queries/ingest.ts';

const fieldClass =
  'h-11 w-full min-w-0 rounded-lg border border-border bg-surface-2 px-4 font-mono text-sm text-fg';

/** The WHIP server URL and the stream key, with copy, reveal and regenerate, and how to set up OBS. */
export function IngestSettings(props: { mint: string; info: TIngestInfo | undefined; error: unknown }) {
  const { t } = useTranslation();
  const held = useHeldStreamKey(props.mint).data ?? null;
  const regenerate = useRegenerateKeyMutation(props.mint);
  const [revealed, setRevealed] = useState(false);
  const { copy } = useCopyToClipboard({
    ok: t('start.dashboard.ingest.copied'),
    failed: t('start.dashboard.ingest.copyFailed'),
  });
  const whipUrl = held?.whipUrl ?? props.info?.whipUrl ?? null;

  const reveal = useRevealKeyMutation(props.mint);
  const onReveal = () =>
    reveal.mutate(undefined, {
      onSuccess: () => setRevealed(true),
      onError: (err) =>
        notify.error(
          err instanceof ApiError && err.code === 'stream_key_unreadable'
            ? t('start.dashboard.ingest.keyUnreadable')
            : t('start.dashboard.ingest.showFailed'),
        ),
    });

  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setRevealed(false);
        notify.success(t('start.dashboard.ingest.regenerated'));
      },
      onError: () => notify.error(t('start.dashboard.ingest.regenerateFailed')),
    });

  return (
    <section
      aria-labelledby="ingest-title"
      className="space-y-5 rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/20"
    >
      <h2 id="ingest-title" className="text-lg font-semibold text-fg">
        {t('start.dashboard.ingest.title')}
      </h2>
      {props.error ? <InlineError message={t('start.dashboard.ingest.loadFailed')} /> : null}

      <div className="space-y-2">
        <label htmlFor="whip-url" className="block text-sm font-medium text-fg">
          {t('start.dashboard.ingest.whipUrl')}
        </label>
        <div className="flex gap-2">
          <input
            id="whip-url"
            readOnly
            value={whipUrl ?? ''}
            placeholder={t('start.dashboard.ingest.whipUrlPlaceholder')}
            className={fieldClass}
          />
          <button
            type="button"
            aria-label={t('start.dashboard.ingest.copyWhipUrl')}
            disabled={!whipUrl}
            onClick={() => whipUrl && void copy(whipUrl)}
            className={buttonClass('secondary', 'lg', 'px-3')}
          >
            <Copy aria-hidden className="size-4" />
          </button>
        </div>
      </div>

      <div className="space-y-2">
        <label htmlFor="stream-key" className="block text-sm font-medium text-fg">
          {t('start.dashboard.ingest.streamKey')}
        </label>
        {held ? (
          <div className="flex gap-2">
            <input
              id="stream-key"
              readOnly
              type={revealed ? 'text' : 'password'}
              value={held.streamKey}
              className={fieldClass}
            />
            <button
              type="button"
              aria-label={t(revealed ? 'start.dashboard.ingest.hideKey' : 'start.dashboard.ingest.revealKey')}
              onClick={() => setRevealed((r) => !r)}
              className={buttonClass('secondary', 'lg', 'px-3')}
            >
              {revealed ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
            </button>
            <button
              type="button"
              aria-label={t('start.dashboard.ingest.copyKey')}
              onClick={() => void copy(held.streamKey)}
              className={buttonClass('secondary', 'lg', 'px-3')}
            >
              <Copy aria-hidden className="size-4" />
            </button>
          </div>
        ) : (
          <div data-testid="stream-key-hidden" className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted">
              {props.info?.hasKey ? t('start.dashboard.ingest.keyHidden') : t('start.dashboard.ingest.noKey')}
            </p>
            {props.info?.hasKey && (
              <button
                type="button"
                onClick={onReveal}
                disabled={reveal.isPending}
                className={buttonClass('secondary', 'md')}
              >
                <Eye aria-hidden className="size-4" />
                {t('start.dashboard.ingest.showKey')}
              </button>
            )}
          </div>
        )}
        <button
          type="button"
          onClick={onRegenerate}
          disabled={regenerate.isPending}
          className={buttonClass('secondary', 'md')}
        >
          <RefreshCw aria-hidden className={`size-4 ${regenerate.isPending ? 'animate-spin' : ''}`} />
          {props.info?.hasKey || held
            ? t('start.dashboard.ingest.regenerate')
            : t('start.dashboard.ingest.generate')}
        </button>
        <p className="text-xs text-muted">{t('start.dashboard.ingest.regenerateHint')}</p>
      </div>

      <div className="space-y-1 rounded-lg border border-border bg-surface-2 p-4 text-sm text-muted">
        <p className="font-medium text-fg">{t('start.dashboard.ingest.obsTitle')}</p>
        <p>{t('start.dashboard.ingest.obsHelp')}</p>
      </div>
    </section>
  );
}

import type { TIngestInfo } from '@mintcast/contracts';
import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button.ts';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useCopyToClipboard } from '../../features/token/use-copy-to-clipboard.ts';
import { notify } from '../../lib/toast.ts';
import { useHeldStreamKey, useRegenerateKeyMutation } from '../../queries/ingest.ts';

export const INGEST_MESSAGES = {
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy',
  regenerated: 'New stream key generated. The old key no longer works.',
  regenerateFailed: 'Could not generate a stream key',
} as const;

const fieldClass =
  'h-11 w-full min-w-0 rounded-lg border border-border bg-surface-2 px-4 font-mono text-sm text-fg';

/** The WHIP server URL and the stream key, with copy, reveal and regenerate, and how to set up OBS. */
export function IngestSettings(props: { mint: string; info: TIngestInfo | undefined; error: unknown }) {
  const held = useHeldStreamKey(props.mint).data ?? null;
  const regenerate = useRegenerateKeyMutation(props.mint);
  const [revealed, setRevealed] = useState(false);
  const { copy } = useCopyToClipboard({ ok: INGEST_MESSAGES.copied, failed: INGEST_MESSAGES.copyFailed });
  const whipUrl = held?.whipUrl ?? props.info?.whipUrl ?? null;

  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setRevealed(false);
        notify.success(INGEST_MESSAGES.regenerated);
      },
      onError: () => notify.error(INGEST_MESSAGES.regenerateFailed),
    });

  return (
    <section
      aria-labelledby="ingest-title"
      className="space-y-5 rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/20"
    >
      <h2 id="ingest-title" className="text-lg font-semibold text-fg">
        OBS / streaming software
      </h2>
      {props.error ? <InlineError message="Could not load the stream's ingest settings" /> : null}

      <div className="space-y-2">
        <label htmlFor="whip-url" className="block text-sm font-medium text-fg">
          WHIP server URL
        </label>
        <div className="flex gap-2">
          <input
            id="whip-url"
            readOnly
            value={whipUrl ?? ''}
            placeholder="Generate a stream key"
            className={fieldClass}
          />
          <button
            type="button"
            aria-label="Copy WHIP server URL"
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
          Stream key
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
              aria-label={revealed ? 'Hide stream key' : 'Reveal stream key'}
              onClick={() => setRevealed((r) => !r)}
              className={buttonClass('secondary', 'lg', 'px-3')}
            >
              {revealed ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
            </button>
            <button
              type="button"
              aria-label="Copy stream key"
              onClick={() => void copy(held.streamKey)}
              className={buttonClass('secondary', 'lg', 'px-3')}
            >
              <Copy aria-hidden className="size-4" />
            </button>
          </div>
        ) : (
          <p data-testid="stream-key-hidden" className="text-sm text-muted">
            {props.info?.hasKey
              ? 'Your stream key is only shown when it is generated. Keep using the one in OBS, or regenerate it to see a new one.'
              : 'This stream has no key yet.'}
          </p>
        )}
        <button
          type="button"
          onClick={onRegenerate}
          disabled={regenerate.isPending}
          className={buttonClass('secondary', 'md')}
        >
          <RefreshCw aria-hidden className={`size-4 ${regenerate.isPending ? 'animate-spin' : ''}`} />
          {props.info?.hasKey || held ? 'Regenerate stream key' : 'Generate stream key'}
        </button>
        <p className="text-xs text-muted">Regenerating stops the old key from working.</p>
      </div>

      <div className="space-y-1 rounded-lg border border-border bg-surface-2 p-4 text-sm text-muted">
        <p className="font-medium text-fg">In OBS 30 or later</p>
        <p>
          Settings → Stream → Service: <span className="text-fg">WHIP</span>. Paste the server URL into Server
          and the stream key into Bearer Token, then Start Streaming. Use x264 or a hardware H.264 encoder and
          Opus audio. Your stream goes live when the video arrives, and ends when you stop streaming.
        </p>
      </div>
    </section>
  );
}

import {
  DEFAULT_TOKEN_IMAGE,
  formatPrice,
  formatUsdCompact,
  shortenAddress,
  type TTokenPreview,
} from '@mintcast/contracts';
import { ArrowLeft, Radio } from 'lucide-react';
import { buttonClass } from '../../components/ui/button.ts';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';

const fieldClass =
  'w-full rounded-lg border border-border bg-surface-2 px-4 text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none';

/** Step 2: the token found, editable "Stream Title" and "Description", Back and "Start Live Stream". */
export function TokenPreview(props: {
  preview: TTokenPreview;
  title: string;
  description: string;
  nsfw: boolean;
  onNsfw: (value: boolean) => void;
  starting: boolean;
  canStart: boolean;
  onTitle: (value: string) => void;
  onDescription: (value: string) => void;
  onBack: () => void;
  onStart: () => void;
}) {
  const { preview } = props;
  return (
    <div className="space-y-6">
      <div
        data-testid="token-preview"
        className="flex items-center gap-4 rounded-xl border border-border bg-surface-2 p-4"
      >
        <FallbackImage
          src={preview.image}
          fallback={DEFAULT_TOKEN_IMAGE}
          alt=""
          className="size-14 shrink-0 rounded-full bg-surface object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold text-fg">{preview.name}</p>
          <p className="text-sm text-muted">
            ${preview.symbol} · <span className="font-mono">{shortenAddress(preview.address)}</span>
          </p>
        </div>
        <dl className="hidden shrink-0 text-right text-sm sm:block">
          <dt className="sr-only">Price</dt>
          <dd className="font-semibold text-fg">{formatPrice(preview.price)}</dd>
          <dt className="sr-only">Market cap</dt>
          <dd className="text-muted">MC {formatUsdCompact(preview.marketCap)}</dd>
        </dl>
      </div>

      <div className="space-y-2">
        <label htmlFor="stream-title" className="block text-sm font-medium text-fg">
          Stream Title
        </label>
        <input
          id="stream-title"
          value={props.title}
          maxLength={100}
          onChange={(e) => props.onTitle(e.target.value)}
          className={`h-11 ${fieldClass}`}
        />
      </div>
      <div className="space-y-2">
        <label htmlFor="stream-description" className="block text-sm font-medium text-fg">
          Description
        </label>
        <textarea
          id="stream-description"
          value={props.description}
          maxLength={1000}
          rows={3}
          onChange={(e) => props.onDescription(e.target.value)}
          className={`resize-none py-3 ${fieldClass}`}
        />
      </div>

      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-surface-2 px-4 py-3">
        <input
          type="checkbox"
          checked={props.nsfw}
          onChange={(e) => props.onNsfw(e.target.checked)}
          className="mt-0.5 size-4 accent-[var(--color-brand)]"
        />
        <span className="text-sm">
          <span className="block font-medium text-fg">This stream is NSFW (18+)</span>
          <span className="text-muted">
            It is left out of home, trending, explore and search unless a visitor turns on NSFW streams, and
            viewers confirm before watching.
          </span>
        </span>
      </label>

      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button
          type="button"
          onClick={props.onBack}
          disabled={props.starting}
          className={buttonClass('secondary', 'lg', 'sm:w-32')}
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back
        </button>
        <button
          type="button"
          onClick={props.onStart}
          disabled={props.starting || !props.canStart}
          className={buttonClass('primary', 'lg', 'flex-1')}
        >
          <Radio aria-hidden className={`size-4 ${props.starting ? 'animate-pulse' : ''}`} />
          {props.starting ? 'Starting Stream...' : 'Start Live Stream'}
        </button>
      </div>
    </div>
  );
}

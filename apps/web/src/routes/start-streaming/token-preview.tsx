import { DEFAULT_TOKEN_IMAGE, shortenAddress, type TTokenPreview } from '@mintcast/contracts';
import { ArrowLeft, MonitorPlay, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { useFormat } from '../../lib/i18n/format.ts';
import { type BroadcastMethod, BroadcastMethodPicker } from './broadcast-method.tsx';

const fieldClass =
  'w-full rounded-lg border border-border bg-surface-2 px-4 text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none';

/** A labelled box with a line of explanation under its label. */
function CheckboxCard(props: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-surface-2 px-4 py-3">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="mt-0.5 size-4 accent-[var(--color-brand)]"
      />
      <span className="text-sm">
        <span className="block font-medium text-fg">{props.label}</span>
        <span className="text-muted">{props.hint}</span>
      </span>
    </label>
  );
}

/**
 * Step 2: the token found, editable "Stream Title" and "Description", how to broadcast (browser or OBS), Back
 * and "Start Live Stream" (browser) or "Set Up OBS Stream" (streaming software).
 */
export function TokenPreview(props: {
  preview: TTokenPreview;
  title: string;
  description: string;
  nsfw: boolean;
  onNsfw: (value: boolean) => void;
  record: boolean;
  onRecord: (value: boolean) => void;
  method: BroadcastMethod;
  onMethod: (value: BroadcastMethod) => void;
  starting: boolean;
  canStart: boolean;
  onTitle: (value: string) => void;
  onDescription: (value: string) => void;
  onBack: () => void;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
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
          <dt className="sr-only">{t('start.price')}</dt>
          <dd className="font-semibold text-fg">{fmt.price(preview.price)}</dd>
          <dt className="sr-only">{t('start.marketCap')}</dt>
          <dd className="text-muted">{t('start.mc', { value: fmt.usdCompact(preview.marketCap) })}</dd>
        </dl>
      </div>

      <div className="space-y-2">
        <label htmlFor="stream-title" className="block text-sm font-medium text-fg">
          {t('start.streamTitle')}
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
          {t('start.description')}
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

      <CheckboxCard
        checked={props.nsfw}
        onChange={props.onNsfw}
        label={t('start.nsfw')}
        hint={t('start.nsfwHint')}
      />

      <CheckboxCard
        checked={props.record}
        onChange={props.onRecord}
        label={t('start.record')}
        hint={t('start.recordHint')}
      />

      <BroadcastMethodPicker value={props.method} onChange={props.onMethod} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button
          type="button"
          onClick={props.onBack}
          disabled={props.starting}
          className={buttonClass('secondary', 'lg', 'sm:w-32')}
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('start.back')}
        </button>
        <button
          type="button"
          onClick={props.onStart}
          disabled={props.starting || !props.canStart}
          className={buttonClass('primary', 'lg', 'flex-1')}
        >
          {props.method === 'obs' ? (
            <>
              <MonitorPlay aria-hidden className={`size-4 ${props.starting ? 'animate-pulse' : ''}`} />
              {props.starting ? t('start.settingUp') : t('start.setUpObs')}
            </>
          ) : (
            <>
              <Radio aria-hidden className={`size-4 ${props.starting ? 'animate-pulse' : ''}`} />
              {props.starting ? t('start.starting') : t('start.startLive')}
            </>
          )}
        </button>
      </div>
    </div>
  );
}

import { REPORT_DETAILS_MAX, REPORT_REASONS, type TReportReason } from '@mintcast/contracts';
import { Flag, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, iconButtonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useReportMutation } from '../../queries/moderation.ts';

export type ReportTarget =
  | { kind: 'stream'; mint: string }
  | { kind: 'message'; mint: string; messageId: string }
  | { kind: 'clip'; clipId: string };

/** A modal to report a stream, a chat message or a clip: one of five reasons, plus optional text. */
export function ReportDialog({
  target,
  subject,
  onClose,
}: {
  target: ReportTarget;
  /** What is reported, as the dialog names it ("this stream", or a quote of the message). */
  subject: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [details, setDetails] = useState('');
  const report = useReportMutation();
  useEffect(() => ref.current?.showModal(), []);

  const submit = () => {
    if (!reason) return;
    report.mutate(
      { ...target, reason, details },
      {
        onSuccess: () => {
          notify.success(t('moderation.reportSent'));
          onClose();
        },
        onError: (err) => notify.error(err instanceof ApiError ? err.message : t('moderation.reportFailed')),
      },
    );
  };

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="report-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/60"
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4 p-5"
      >
        <header className="flex items-start justify-between gap-3">
          <div>
            <h2 id="report-title" className="flex items-center gap-2 text-lg font-semibold">
              <Flag className="size-5 text-down" aria-hidden />
              {target.kind === 'stream'
                ? t('moderation.reportStream')
                : target.kind === 'clip'
                  ? t('moderation.reportClip')
                  : t('moderation.reportMessage')}
            </h2>
            <p className="mt-1 line-clamp-2 text-sm text-muted">{subject}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            className={iconButtonClass('-mr-2 -mt-2')}
            aria-label={t('common.close')}
          >
            <X className="size-5" aria-hidden />
          </button>
        </header>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('moderation.reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors ${
                reason === r ? 'border-brand bg-brand/10' : 'border-border hover:bg-surface-2'
              }`}
            >
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="accent-[var(--color-brand)]"
              />
              {t(`moderation.reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        <label className="grid gap-1.5 text-sm">
          <span className="font-medium">
            {t('moderation.details')}{' '}
            <span className="font-normal text-muted">{t('moderation.optional')}</span>
          </span>
          <textarea
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            maxLength={REPORT_DETAILS_MAX}
            rows={3}
            placeholder={t('moderation.detailsPlaceholder')}
            className="resize-none rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm outline-none focus:border-brand/60"
          />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonClass('ghost')}>
            {t('moderation.cancel')}
          </button>
          <button type="submit" disabled={!reason || report.isPending} className={buttonClass('primary')}>
            {t('moderation.sendReport')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

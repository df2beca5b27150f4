import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, iconButtonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { type AdminAction, useAdminActionMutation } from '../../queries/admin.ts';

export interface PendingAction extends AdminAction {
  /** "Ban wallet", "End stream"… */
  title: string;
  /** What it is done to, as shown in the dialog. */
  subject: string;
  danger?: boolean;
}

/** Every admin action asks why: the reason goes to the audit log with who and when. */
export function ActionDialog({ action, onClose }: { action: PendingAction; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const run = useAdminActionMutation();
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="admin-action-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/60"
    >
      <form
        className="flex flex-col gap-4 p-5"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate(
            { ...action, reason },
            {
              onSuccess: () => {
                notify.success(t('admin.done', { title: action.title }));
                onClose();
              },
              onError: (err) => notify.error(err instanceof ApiError ? err.message : t('admin.failed')),
            },
          );
        }}
      >
        <header className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="admin-action-title" className="text-lg font-semibold">
              {action.title}
            </h2>
            <p className="mt-1 truncate font-mono text-xs text-muted">{action.subject}</p>
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
        <label className="grid gap-1.5 text-sm">
          <span className="font-medium">{t('admin.reasonLabel')}</span>
          <textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={3}
            required
            className="resize-none rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm outline-none focus:border-brand/60"
          />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonClass('ghost')}>
            {t('admin.cancel')}
          </button>
          <button
            type="submit"
            disabled={!reason.trim() || run.isPending}
            className={buttonClass(
              'primary',
              'md',
              action.danger ? '!bg-live-strong !text-white hover:!bg-live-strong/90' : '',
            )}
          >
            {t('admin.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

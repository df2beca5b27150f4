import { Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';

/**
 * "End your stream?": a native modal, so one stray click on End Stream does not cut a broadcast. Escape and
 * "Keep streaming" cancel.
 */
export function EndStreamDialog(props: { onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog
      ref={ref}
      onClose={props.onCancel}
      aria-labelledby="end-stream-title"
      aria-describedby="end-stream-text"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/70"
    >
      <div className="flex flex-col gap-4 p-5">
        <h2 id="end-stream-title" className="text-lg font-semibold">
          {t('start.endConfirm.title')}
        </h2>
        <p id="end-stream-text" className="text-sm text-muted">
          {t('start.endConfirm.text')}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={props.onCancel} className={buttonClass('secondary', 'md')}>
            {t('start.endConfirm.keep')}
          </button>
          <button
            type="button"
            onClick={props.onConfirm}
            className={buttonClass('primary', 'md', '!bg-live hover:!bg-live/90 !text-white')}
          >
            <Square className="size-4 fill-current" aria-hidden />
            {t('start.endConfirm.end')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

import { Rocket, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { RaidPicker, raidTarget } from './raid-picker.tsx';

/**
 * "End your stream?": a native modal, so one stray click on End Stream does not cut a broadcast. Escape and
 * "Keep streaming" cancel. The creator may send the audience to another live stream (a raid, issue 35 item 4):
 * the confirm button then says "Raid and end".
 */
export function EndStreamDialog(props: {
  mint: string;
  /** A line under the text (the OBS dashboard: the streaming software is stopped there). */
  note?: string;
  onConfirm: (raidTo: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => ref.current?.showModal(), []);
  const [picked, setPicked] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const target = raidTarget(picked, typed, props.mint.toLowerCase());
  // Text that is not a usable address: neither end nor raid until it is fixed or cleared.
  const blocked = typed.trim() !== '' && target === null;
  return (
    <dialog
      ref={ref}
      onClose={props.onCancel}
      aria-labelledby="end-stream-title"
      aria-describedby="end-stream-text"
      className="m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/70"
    >
      <div className="flex flex-col gap-4 p-5">
        <h2 id="end-stream-title" className="text-lg font-semibold">
          {t('start.endConfirm.title')}
        </h2>
        <p id="end-stream-text" className="text-sm text-muted">
          {t('start.endConfirm.text')}
        </p>
        {props.note && <p className="text-sm text-muted">{props.note}</p>}
        <RaidPicker mint={props.mint} picked={picked} onPick={setPicked} typed={typed} onType={setTyped} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={props.onCancel} className={buttonClass('secondary', 'md')}>
            {t('start.endConfirm.keep')}
          </button>
          <button
            type="button"
            disabled={blocked}
            onClick={() => props.onConfirm(target)}
            className={buttonClass(
              'primary',
              'md',
              '!bg-live hover:!bg-live/90 !text-white disabled:opacity-50',
            )}
          >
            {target ? (
              <Rocket className="size-4" aria-hidden />
            ) : (
              <Square className="size-4 fill-current" aria-hidden />
            )}
            {target ? t('raid.raidAndEnd') : t('start.endConfirm.end')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

import {
  CLIP_DEFAULT_SECONDS,
  CLIP_MIN_SECONDS,
  CLIP_TITLE_MAX,
  clipPath,
  type TStream,
} from '@mintcast/contracts';
import { Scissors, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClass, iconButtonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session/use-session.ts';
import {
  useCreateClipMutation,
  useCreateReplayClipMutation,
  useStreamClipsQuery,
} from '../../queries/clips.ts';

/** The lengths offered (the API takes any whole number of seconds from 10 to 60). */
const LENGTHS = [10, 15, 20, 30, 45, 60] as const;

/**
 * What a clip is cut from: the live stream's last seconds, or a replay's seconds before its playhead (read when
 * the button is pressed, the video paused meanwhile or not).
 */
export type ClipSource =
  | { kind: 'live' }
  | { kind: 'replay'; recordingId: string; durationMs: number; playheadMs: () => number };

/** "Clip" on a live stream or a replay, for signed-in wallets: seconds of it, titled, on their own page. */
export function ClipButton({ stream, source = { kind: 'live' } }: { stream: TStream; source?: ClipSource }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useSession());
  const [endMs, setEndMs] = useState<number | null>(null);
  if (!signedIn || (source.kind === 'live' && !stream.is_currently_live)) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        onClick={() => setEndMs(source.kind === 'replay' ? source.playheadMs() : 0)}
      >
        <Scissors className="size-4" aria-hidden />
        {t('clip.clip')}
      </button>
      {endMs !== null && (
        <ClipDialog stream={stream} source={source} endMs={endMs} onClose={() => setEndMs(null)} />
      )}
    </>
  );
}

function ClipDialog({
  stream,
  source,
  endMs,
  onClose,
}: {
  stream: TStream;
  source: ClipSource;
  endMs: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const clips = useStreamClipsQuery(stream.mint);
  const live = useCreateClipMutation(stream.mint);
  const replay = useCreateReplayClipMutation(stream.mint);
  const create = source.kind === 'live' ? live : replay;
  const [seconds, setSeconds] = useState<number>(CLIP_DEFAULT_SECONDS);
  const [title, setTitle] = useState<string>(t('clip.defaultTitle', { name: stream.name }));
  useEffect(() => ref.current?.showModal(), []);
  const unavailable = clips.data?.available === false;
  // A replay clip ends at the playhead; one near the start ends 10 s in (or at the end of a shorter replay).
  const replayEnd =
    source.kind === 'replay' ? Math.min(Math.max(endMs, CLIP_MIN_SECONDS * 1000), source.durationMs) : 0;
  const go = { onSuccess: (clip: { id: string }) => void navigate(clipPath(clip.id)) };
  const submit = () =>
    source.kind === 'live'
      ? live.mutate({ seconds, title }, go)
      : replay.mutate({ recordingId: source.recordingId, body: { seconds, title, endMs: replayEnd } }, go);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="clip-title"
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
          <h2 id="clip-title" className="flex items-center gap-2 text-lg font-semibold">
            <Scissors className="size-5" aria-hidden />
            {source.kind === 'live' ? t('clip.dialogTitle') : t('clip.replayDialogTitle')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className={iconButtonClass('-mr-2 -mt-2')}
            aria-label={t('common.close')}
          >
            <X className="size-5" aria-hidden />
          </button>
        </header>
        {unavailable ? (
          <p role="alert" className="text-sm">
            {t('clip.unavailable')}
          </p>
        ) : (
          <>
            <label className="grid gap-1.5 text-sm">
              <span className="font-medium">{t('clip.length')}</span>
              <select
                value={seconds}
                onChange={(e) => setSeconds(Number(e.target.value))}
                className="h-10 rounded-lg border border-border bg-surface-2 px-3 text-sm"
              >
                {LENGTHS.map((s) => (
                  <option key={s} value={s}>
                    {source.kind === 'live'
                      ? t('clip.lastSeconds', { count: s })
                      : t('clip.secondsBefore', { count: s })}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1.5 text-sm">
              <span className="font-medium">{t('clip.titleLabel')}</span>
              <input
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                maxLength={CLIP_TITLE_MAX}
                required
                className="h-10 rounded-lg border border-border bg-surface-2 px-3 text-sm outline-none focus:border-brand/60"
              />
            </label>
            {create.isError && (
              <p role="alert" className="text-sm text-down">
                {create.error instanceof ApiError ? create.error.message : t('clip.failed')}
              </p>
            )}
          </>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonClass('ghost')}>
            {t('clip.cancel')}
          </button>
          {!unavailable && (
            <button
              type="submit"
              disabled={!title.trim() || create.isPending}
              className={buttonClass('primary')}
            >
              {create.isPending ? t('clip.making') : t('clip.make')}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

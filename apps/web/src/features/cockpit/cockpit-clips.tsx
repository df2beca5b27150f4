import { clipPath, shortenAddress, type TClip } from '@mintcast/contracts';
import { Scissors, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useRemoveClipMutation, useStreamClipsQuery } from '../../queries/clips.ts';

/** New clips show in the cockpit within this long (viewers make them while the creator talks). */
const REFRESH_MS = 15_000;

/**
 * The stream's clips, newest first, in the cockpit (issue 30), folded to a count: what viewers clipped and who, each opening in a
 * new tab (the broadcast keeps running here), and a Remove (asked once more) for what should not stay up.
 */
export function CockpitClips({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const clips = useStreamClipsQuery(mint, { refetchInterval: REFRESH_MS });
  const items = clips.data?.items ?? [];
  return (
    <section aria-label={t('clip.gallery')} className="rounded-lg bg-white/5 px-2.5 py-2 text-white">
      {/* Folded by default: the cockpit is short and the chat below it needs the room. */}
      <details>
        <summary className="flex cursor-pointer items-center gap-1.5 text-[11px] font-medium tracking-wide text-white/55 uppercase">
          <Scissors aria-hidden className="size-3" />
          {t('clip.gallery')}
          {items.length > 0 && (
            <span
              data-testid="cockpit-clip-count"
              className="ml-auto font-mono text-xs tracking-normal tabular-nums"
            >
              {items.length}
            </span>
          )}
        </summary>
        {clips.isError ? (
          <p className="mt-1 text-xs text-white/50">{t('clip.cockpitFailed')}</p>
        ) : items.length === 0 ? (
          <p className="mt-1 text-xs text-white/50">{clips.isPending ? '…' : t('clip.cockpitNone')}</p>
        ) : (
          <ul className="mt-1.5 max-h-28 space-y-1 overflow-y-auto pr-1">
            {items.map((clip) => (
              <CockpitClip key={clip.id} clip={clip} />
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}

function CockpitClip({ clip }: { clip: TClip }) {
  const { t } = useTranslation();
  const remove = useRemoveClipMutation(clip.mint);
  const [asking, setAsking] = useState(false);
  return (
    <li data-testid="cockpit-clip" className="flex items-center gap-2 text-xs leading-snug">
      <a
        href={clipPath(clip.id)}
        target="_blank"
        rel="noreferrer"
        className="min-w-0 flex-1 truncate font-semibold hover:underline"
      >
        {clip.title}
      </a>
      <span className="shrink-0 text-white/55 tabular-nums">
        {t('clip.seconds', { count: Math.round(clip.durationMs / 1000) })} · {shortenAddress(clip.createdBy)}
      </span>
      {asking ? (
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(clip.id, {
              onSuccess: () => notify.success(t('clip.removedToast')),
              onError: (err) => {
                setAsking(false);
                notify.error(err instanceof ApiError ? err.message : t('clip.failed'));
              },
            })
          }
          className="shrink-0 rounded bg-red-500/90 px-1.5 py-0.5 font-semibold text-white hover:bg-red-500"
        >
          {t('clip.removeYes')}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setAsking(true)}
          aria-label={t('clip.removeNamed', { title: clip.title })}
          className="shrink-0 rounded p-0.5 text-white/60 hover:bg-white/10 hover:text-white"
        >
          <Trash2 aria-hidden className="size-3.5" />
        </button>
      )}
    </li>
  );
}

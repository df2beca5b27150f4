import { replayPath, type TRecording } from '@mintcast/contracts';
import { History, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { useStreamRecordingsQuery } from '../../queries/recordings.ts';

/** How many past broadcasts the stream page lists. */
const LISTED = 6;

/**
 * "Past broadcasts" on a stream page (issue 30): the latest replays, and — when the stream is offline — the
 * latest one offered first, so an offline page is not a dead end. Renders nothing without replays.
 */
export function PastBroadcasts({ mint, live }: { mint: string; live: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const recordings = useStreamRecordingsQuery(mint);
  const ready = (recordings.data?.items ?? []).filter((r: TRecording) => r.status === 'ready');
  const latest = ready[0];
  if (!latest) return null;
  return (
    <section aria-labelledby="past-broadcasts" className="flex flex-col gap-3">
      {!live && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface p-4">
          <p className="text-sm">{t('replay.offlineLatest')}</p>
          <Link to={replayPath(latest.id)} className={buttonClass('primary', 'sm', 'gap-2')}>
            <PlayCircle className="size-4" aria-hidden />
            {t('replay.watchLatest')}
          </Link>
        </div>
      )}
      <h2 id="past-broadcasts" className="flex items-center gap-2 text-lg font-semibold">
        <History className="size-5" aria-hidden />
        {t('replay.pastBroadcasts')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {ready.slice(0, LISTED).map((r) => (
          <li key={r.id}>
            <Link
              to={replayPath(r.id)}
              className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-sm hover:border-brand"
            >
              <span>{format.dateTime(new Date(r.startedAt))}</span>
              <span className="text-muted">
                {r.durationMs === null
                  ? ''
                  : t('replay.minutes', { count: Math.max(1, Math.round(r.durationMs / 60_000)) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
